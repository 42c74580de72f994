import { Link } from '@fluentui/react-components'
import { useMemo } from 'react'
import { parseFormatting } from '../formatting'

/** A message body with WhatsApp's formatting marks applied and its links clickable. */
export const FormattedText = ({ text }: { text: string }) => {
  const segments = useMemo(() => parseFormatting(text), [text])
  return (
    <>
      {segments.map((segment, index) => {
        switch (segment.kind) {
          case 'bold':
            return <strong key={index}>{segment.value}</strong>
          case 'italic':
            return <em key={index}>{segment.value}</em>
          case 'strike':
            return <s key={index}>{segment.value}</s>
          case 'mono':
            return <code key={index}>{segment.value}</code>
          case 'link':
            return (
              <Link key={index} href={segment.href} target="_blank" rel="noreferrer" inline>
                {segment.value}
              </Link>
            )
          default:
            return segment.value
        }
      })}
    </>
  )
}
