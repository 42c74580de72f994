import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import {
  CopyRegular,
  DeleteRegular,
  EditRegular,
  LinkRegular,
  MoreVerticalRegular,
} from '@fluentui/react-icons'
import type { KeyboardEvent, MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { FlowNodeType } from '@shared/contracts/flows'
import { hasEditor } from '@renderer/features/flow-editor/graph/block-defaults'
import { useBlockActions } from './block-actions'

export interface BlockMenuProps {
  id: string
  type: FlowNodeType
  /** The block's name, for the button's label. */
  name: string
}

// Keys and clicks on the menu belong to it: they must not select, move, open or delete the
// block around it (React Flow listens on the block and on the document).
const keepInside = (event: KeyboardEvent | MouseEvent) => event.stopPropagation()

/** A block's own actions (002 §2.15): edit, duplicate, connect an output, delete. */
export const BlockMenu = ({ id, type, name }: BlockMenuProps) => {
  const { t } = useTranslation('flowEditor')
  const actions = useBlockActions()
  return (
    <span className="nodrag nopan" onKeyDown={keepInside} onDoubleClick={keepInside}>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            size="small"
            icon={<MoreVerticalRegular />}
            aria-label={t('blockMenu.label', { name })}
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {hasEditor(type) && (
              <MenuItem icon={<EditRegular />} onClick={() => actions.edit(id)}>
                {t('blockMenu.edit')}
              </MenuItem>
            )}
            {type !== 'start' && (
              <MenuItem icon={<CopyRegular />} onClick={() => actions.duplicate(id)}>
                {t('blockMenu.duplicate')}
              </MenuItem>
            )}
            <MenuItem icon={<LinkRegular />} onClick={() => actions.connect(id)}>
              {t('blockMenu.connect')}
            </MenuItem>
            <MenuItem icon={<DeleteRegular />} onClick={() => actions.remove(id)}>
              {t('blockMenu.delete')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </span>
  )
}
