import { Dialog, DialogSurface, mergeClasses } from '@fluentui/react-components'
import { memo } from 'react'
import type { BlockNode } from '@renderer/features/flow-editor/graph/block-node'
import { useBlockEditorStyles } from './BlockEditor.styles'
import { ConditionEditor } from './ConditionEditor'
import { ContentEditor } from './ContentEditor'
import type { EditorMode } from './EditorShell'
import { IntervalEditor } from './IntervalEditor'
import { MediaEditor } from './MediaEditor'
import { MenuEditor } from './MenuEditor'
import { MessageEditor } from './MessageEditor'
import { RandomizerEditor } from './RandomizerEditor'
import { TicketEditor } from './TicketEditor'

/** A block being added (not on the canvas until its editor is kept) or edited. */
export interface BlockEditing {
  mode: EditorMode
  node: BlockNode
}

export interface BlockEditorDialogProps {
  open: boolean
  /** Kept while the dialog closes, so its content does not change as it fades out. */
  editing: BlockEditing | null
  onSave: (editing: BlockEditing, data: BlockNode['data']) => void
  onCancel: () => void
}

/** The editor of one block, by its type; double-click, Enter or "Edit" open it (002 §2.15). */
const EditorOf = ({
  editing,
  onSave,
  onCancel,
}: {
  editing: BlockEditing
  onSave: BlockEditorDialogProps['onSave']
  onCancel: () => void
}) => {
  const { mode, node } = editing
  const save = (data: BlockNode['data']) => onSave(editing, data)
  const common = { mode, onSave: save, onCancel }
  switch (node.type) {
    case 'message':
      return <MessageEditor {...common} data={node.data} />
    case 'interval':
      return <IntervalEditor {...common} data={node.data} />
    case 'condition':
      return <ConditionEditor {...common} data={node.data} />
    case 'menu':
      return <MenuEditor {...common} data={node.data} />
    case 'randomizer':
      return <RandomizerEditor {...common} data={node.data} />
    case 'ticket':
      return <TicketEditor {...common} data={node.data} />
    case 'img':
    case 'audio':
    case 'video':
      return <MediaEditor {...common} type={node.type} data={node.data} />
    case 'singleBlock':
      return <ContentEditor {...common} data={node.data} />
    case 'start':
      return null
  }
}

/** The dialog around a block's editor; Escape and Cancel leave the block as it was. */
export const BlockEditorDialog = memo(
  ({ open, editing, onSave, onCancel }: BlockEditorDialogProps) => {
    const styles = useBlockEditorStyles()
    return (
      <Dialog open={open} onOpenChange={(_event, data) => !data.open && onCancel()}>
        <DialogSurface
          className={mergeClasses(
            styles.surface,
            editing?.node.type === 'singleBlock' && styles.wide,
          )}
        >
          {editing && (
            <EditorOf
              key={`${editing.mode}-${editing.node.id}`}
              editing={editing}
              onSave={onSave}
              onCancel={onCancel}
            />
          )}
        </DialogSurface>
      </Dialog>
    )
  },
)
BlockEditorDialog.displayName = 'BlockEditorDialog'
