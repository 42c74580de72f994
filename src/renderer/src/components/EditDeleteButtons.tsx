import { Button, Tooltip } from '@fluentui/react-components'
import { DeleteRegular, EditRegular } from '@fluentui/react-icons'

export interface EditDeleteButtonsProps {
  editLabel: string
  onEdit: () => void
  deleteLabel: string
  /** Absent when the row cannot be deleted. */
  onDelete?: () => void
}

/** The edit and delete icon buttons of a table row, each named by its tooltip. */
export const EditDeleteButtons = ({
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
}: EditDeleteButtonsProps) => (
  <>
    <Tooltip content={editLabel} relationship="label">
      <Button size="small" icon={<EditRegular />} onClick={onEdit} />
    </Tooltip>
    {onDelete && (
      <Tooltip content={deleteLabel} relationship="label">
        <Button size="small" icon={<DeleteRegular />} onClick={onDelete} />
      </Tooltip>
    )}
  </>
)
