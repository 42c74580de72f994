import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
} from '@fluentui/react-components'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlowNodeType } from '@shared/contracts/flows'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { useBlockEditorStyles } from './BlockEditor.styles'

/** Whether an editor adds a new block (Cancel: the block is not added) or edits one. */
export type EditorMode = 'create' | 'edit'

export interface EditorShellProps {
  mode: EditorMode
  type: FlowNodeType
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
  onCancel: () => void
  /** Files are being sent: the buttons wait. */
  busy?: boolean
  children: ReactNode
}

/** A block editor's form inside its dialog: title, fields, Cancel and Add or Apply. */
export const EditorShell = ({
  mode,
  type,
  onSubmit,
  onCancel,
  busy = false,
  children,
}: EditorShellProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useBlockEditorStyles()
  const block = t(`blocks.${type}`)
  return (
    <Form namespace="flowEditor" onSubmit={onSubmit}>
      <DialogBody>
        <DialogTitle>
          {t(mode === 'create' ? 'editor.createTitle' : 'editor.editTitle', { block })}
        </DialogTitle>
        <DialogContent className={styles.content}>{children}</DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={busy} onClick={onCancel}>
            {t('editor.cancel')}
          </Button>
          <BusyButton type="submit" busy={busy}>
            {t(mode === 'create' ? 'editor.add' : 'editor.apply')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}

/** What every block editor takes: its data, and where the result goes. */
export interface BlockEditorProps<Data> {
  mode: EditorMode
  data: Data
  onSave: (data: Data) => void
  onCancel: () => void
}
