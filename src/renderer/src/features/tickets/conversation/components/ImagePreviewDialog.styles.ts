import { makeStyles } from '@fluentui/react-components'

export const useImagePreviewDialogStyles = makeStyles({
  surface: { maxWidth: 'min(90vw, 1200px)' },
  image: {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '75vh',
    marginInline: 'auto',
    objectFit: 'contain',
  },
})
