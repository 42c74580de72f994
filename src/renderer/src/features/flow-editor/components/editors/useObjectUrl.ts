import { useEffect, useState } from 'react'

/** An address for a chosen file, to preview it before it is sent; released when it changes. */
export const useObjectUrl = (file: File | null): string | null => {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const created = URL.createObjectURL(file)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [file])
  return url
}
