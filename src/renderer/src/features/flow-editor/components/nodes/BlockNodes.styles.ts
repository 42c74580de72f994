import { makeStyles, tokens } from '@fluentui/react-components'

export const useBlockNodesStyles = makeStyles({
  text: {
    display: '-webkit-box',
    WebkitLineClamp: 4,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    whiteSpace: 'pre-wrap',
  },
  placeholder: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  detail: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  cards: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  card: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
    fontSize: tokens.fontSizeBase200,
  },
  cardText: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  cardIcon: { flexShrink: 0, color: tokens.colorNeutralForeground3 },
  thumbnail: {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '7.5rem',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
  },
})
