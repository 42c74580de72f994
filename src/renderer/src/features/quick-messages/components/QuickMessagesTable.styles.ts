import { makeStyles, tokens } from '@fluentui/react-components'

export const useQuickMessagesTableStyles = makeStyles({
  // The row opens the quick message on a click; its edit (or view) button does it by keyboard.
  opens: { cursor: 'pointer' },
  // Takes the width the other columns leave, so its one-line text is cut instead of widening
  // the table (an auto-layout cell with no maximum grows to its content).
  fill: { width: '100%', maxWidth: 0 },
  shortcodeCell: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
  },
  shortcode: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    fontWeight: tokens.fontWeightSemibold,
  },
  // Beside the text, which takes the rest, a shortcode keeps a readable width before it wraps.
  shortcodeColumn: { minWidth: '9rem', maxWidth: '16rem' },
  shortcodeText: { wordBreak: 'break-word' },
  private: { flexShrink: 0, color: tokens.colorNeutralForeground3 },
  oneLine: {
    display: 'block',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minWidth: 0,
  },
  // On a narrow window the text, the attachment and the flags sit under the shortcode.
  detail: { color: tokens.colorNeutralForeground3, minWidth: 0 },
  flags: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  attachmentCell: { maxWidth: '16rem' },
  attachment: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
  },
  attachmentIcon: {
    flexShrink: 0,
    fontSize: tokens.fontSizeBase400,
    color: tokens.colorBrandForeground1,
  },
  geral: { fontSize: tokens.fontSizeBase500, color: tokens.colorBrandForeground1 },
  none: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  creator: { minWidth: '8rem', maxWidth: '14rem', wordBreak: 'break-word' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})
