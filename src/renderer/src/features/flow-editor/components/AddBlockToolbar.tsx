import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Toolbar,
  ToolbarButton,
} from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { ADDABLE_BLOCKS, type AddableBlock } from '../graph/block-defaults'
import { BlockIcon } from './nodes/BlockIcon'
import { useAddBlockToolbarStyles } from './AddBlockToolbar.styles'

export interface AddBlockToolbarProps {
  /** The flow has its start block: another is not offered. */
  hasStart: boolean
  /** A narrow window: one "Add block" menu instead of the column of buttons. */
  compact: boolean
  onAdd: (type: AddableBlock) => void
}

/**
 * The blocks that can be added (002 §2.15: start only while there is none, content, menu,
 * randomizer, interval, condition, ticket, image, audio, video). A toolbar is walked with the
 * arrow keys; the menu with the arrows too.
 */
export const AddBlockToolbar = memo(({ hasStart, compact, onAdd }: AddBlockToolbarProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useAddBlockToolbarStyles()
  const types = ADDABLE_BLOCKS.filter((type) => type !== 'start' || !hasStart)
  if (compact)
    return (
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="primary" icon={<AddRegular />}>
            {t('toolbar.add')}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {types.map((type) => (
              <MenuItem key={type} icon={<BlockIcon type={type} />} onClick={() => onAdd(type)}>
                {t(`blocks.${type}`)}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
    )
  return (
    <Toolbar vertical aria-label={t('toolbar.label')} className={styles.toolbar}>
      {types.map((type) => (
        <ToolbarButton
          key={type}
          className={styles.button}
          icon={<BlockIcon type={type} />}
          aria-label={t('toolbar.addBlock', { block: t(`blocks.${type}`) })}
          onClick={() => onAdd(type)}
        >
          {t(`blocks.${type}`)}
        </ToolbarButton>
      ))}
    </Toolbar>
  )
})
AddBlockToolbar.displayName = 'AddBlockToolbar'
