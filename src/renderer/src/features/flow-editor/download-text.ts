/** Hands a text to the user as a file, through a temporary link (the browser's and Electron's save path). */
export const downloadText = (fileName: string, text: string, type = 'application/json'): void => {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}
