import {
  Button,
  Link,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  TableCell,
  Tooltip,
} from '@fluentui/react-components'
import {
  CopyRegular,
  DeleteRegular,
  FlowchartRegular,
  MoreHorizontalRegular,
  RenameRegular,
} from '@fluentui/react-icons'
import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useHref } from 'react-router'
import type { FlowDto } from '@shared/contracts/flows'
import { VirtualTable } from '@renderer/components/VirtualTable'
import type { InfinitePaging } from '@renderer/hooks/useInfiniteVirtualRows'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { flowEditorPath } from '../editor-path'
import { FlowStatusBadge } from './FlowStatusBadge'
import { useFlowsTableStyles } from './FlowsTable.styles'

/** A first guess for the virtualizer; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 44

/** Below this width the status moves under the name and its column goes. */
export const FLOWS_NARROW = '(max-width: 599px)'

export interface FlowActions {
  /** Opens the flow's editor (/flowbuilder/{id}). */
  onOpen: (flow: FlowDto) => void
  onRename: (flow: FlowDto) => void
  onDuplicate: (flow: FlowDto) => void
  onDelete: (flow: FlowDto) => void
}

export interface FlowsTableProps extends InfinitePaging, FlowActions {
  flows: readonly FlowDto[]
}

/**
 * The flow list (002 §2.14: name, Status and a menu of actions): a click on a row opens the
 * flow, as Enter does on its name; asks for the next page within 100 px of its bottom and draws
 * only the visible rows once it holds more than 20.
 */
export const FlowsTable = ({
  flows,
  onOpen,
  onRename,
  onDuplicate,
  onDelete,
  ...paging
}: FlowsTableProps) => {
  const { t } = useTranslation('flows')
  const narrow = useMediaQuery(FLOWS_NARROW)
  const actions = { onOpen, onRename, onDuplicate, onDelete }
  return (
    <VirtualTable
      label={t('table.label')}
      columns={
        narrow
          ? [t('table.name'), t('table.actions')]
          : [t('table.name'), t('table.status'), t('table.actions')]
      }
      items={flows}
      keyOf={(flow) => flow.id}
      rowHeight={ESTIMATED_ROW_HEIGHT}
      renderCells={(flow) => <FlowCells flow={flow} narrow={narrow} {...actions} />}
      {...paging}
      loadingMoreLabel={t('table.loadingMore')}
      retryLabel={t('actions.retry')}
    />
  )
}

interface FlowCellsProps extends FlowActions {
  flow: FlowDto
  narrow: boolean
}

const FlowCells = ({ flow, narrow, onOpen, onRename, onDuplicate, onDelete }: FlowCellsProps) => {
  const { t } = useTranslation('flows')
  const styles = useFlowsTableStyles()
  const href = useHref(flowEditorPath(flow.id))
  const { name } = flow
  const handleOpen = () => onOpen(flow)
  // The link's own navigation would bypass the router: the row's handler opens the flow.
  const handleLinkClick = (event: MouseEvent) => {
    event.preventDefault()
    event.stopPropagation()
    handleOpen()
  }
  const menuLabel = t('actions.menu', { name })
  return (
    <>
      <TableCell className={styles.opens} onClick={handleOpen}>
        <div className={styles.name}>
          <Link className={styles.link} href={href} onClick={handleLinkClick}>
            {name}
          </Link>
          {narrow && <FlowStatusBadge active={flow.active} />}
        </div>
      </TableCell>
      {!narrow && (
        <TableCell className={mergeClasses(styles.opens, styles.status)} onClick={handleOpen}>
          <FlowStatusBadge active={flow.active} />
        </TableCell>
      )}
      <TableCell className={styles.actions}>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={menuLabel} relationship="label">
              <Button appearance="subtle" icon={<MoreHorizontalRegular />} />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem icon={<RenameRegular />} onClick={() => onRename(flow)}>
                {t('actions.rename')}
              </MenuItem>
              <MenuItem icon={<FlowchartRegular />} onClick={handleOpen}>
                {t('actions.editFlow')}
              </MenuItem>
              <MenuItem icon={<CopyRegular />} onClick={() => onDuplicate(flow)}>
                {t('actions.duplicate')}
              </MenuItem>
              <MenuItem icon={<DeleteRegular />} onClick={() => onDelete(flow)}>
                {t('actions.delete')}
              </MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      </TableCell>
    </>
  )
}
