import {
  Button,
  Caption1,
  Link,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Title3,
  Tooltip,
} from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  ArrowLeftRegular,
  ArrowUploadRegular,
  BeakerRegular,
  MoreHorizontalRegular,
  SaveRegular,
  WarningRegular,
} from '@fluentui/react-icons'
import { memo, type MouseEvent, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { useHref, useNavigate } from 'react-router'
import { routeLink } from '@shared/navigation'
import { BusyButton } from '@renderer/components/BusyButton'
import { useEditorHeaderStyles } from './EditorHeader.styles'

export interface EditorHeaderProps {
  name: string
  /** Changes not saved yet: the reminder shows. */
  dirty: boolean
  saving: boolean
  /** A narrow window: import and export move into a menu. */
  compact: boolean
  onSave: () => void
  onImport: () => void
  onExport: () => void
  /** The test panel ("Testar fluxo") is open. */
  testing: boolean
  /** The test panel's id, for the button that opens it. */
  testPanelId: string
  /** Opens the test panel, or closes it. */
  onTest: () => void
  /** Where the focus goes back when the test panel closes: its button, or the menu holding it. */
  testTriggerRef: Ref<HTMLButtonElement>
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/**
 * The editor's title row: back to the flows, the flow's name, the reminder to save
 * ('Não se esqueça de salvar seu fluxo') while something is unsaved, test ('Testar fluxo'),
 * import, export and save.
 */
export const EditorHeader = memo(
  ({
    name,
    dirty,
    saving,
    compact,
    onSave,
    onImport,
    onExport,
    testing,
    testPanelId,
    onTest,
    testTriggerRef,
  }: EditorHeaderProps) => {
    const { t } = useTranslation('flowEditor')
    const styles = useEditorHeaderStyles()
    const navigate = useNavigate()
    const flowsPath = routeLink('flowBuilders')
    const flowsHref = useHref(flowsPath)
    // Through the router, so that leaving with unsaved changes asks first.
    const handleBack = (event: MouseEvent) => {
      event.preventDefault()
      void navigate(flowsPath)
    }
    const shortcut = isMac ? '⌘S' : 'Ctrl+S'
    return (
      <header className={styles.root}>
        <div className={styles.titles}>
          <Link className={styles.back} href={flowsHref} onClick={handleBack}>
            <ArrowLeftRegular aria-hidden />
            {t('header.back')}
          </Link>
          <Title3 as="h1" className={styles.name} title={name}>
            {name}
          </Title3>
          {dirty && (
            <Caption1 className={styles.reminder} role="status">
              <WarningRegular aria-hidden />
              {t('header.reminder')}
            </Caption1>
          )}
        </div>
        <div className={styles.actions}>
          {compact ? (
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button
                  ref={testTriggerRef}
                  appearance="subtle"
                  icon={<MoreHorizontalRegular />}
                  aria-label={t('header.more')}
                />
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem icon={<BeakerRegular />} onClick={onTest}>
                    {t('header.test')}
                  </MenuItem>
                  <MenuItem icon={<ArrowUploadRegular />} onClick={onImport}>
                    {t('header.import')}
                  </MenuItem>
                  <MenuItem icon={<ArrowDownloadRegular />} onClick={onExport}>
                    {t('header.export')}
                  </MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
          ) : (
            <>
              <Button
                ref={testTriggerRef}
                icon={<BeakerRegular />}
                aria-expanded={testing}
                aria-controls={testing ? testPanelId : undefined}
                onClick={onTest}
              >
                {t('header.test')}
              </Button>
              <Button icon={<ArrowUploadRegular />} onClick={onImport}>
                {t('header.import')}
              </Button>
              <Button icon={<ArrowDownloadRegular />} onClick={onExport}>
                {t('header.export')}
              </Button>
            </>
          )}
          <Tooltip content={t('header.saveShortcut', { shortcut })} relationship="description">
            <BusyButton busy={saving} icon={<SaveRegular />} onClick={onSave}>
              {t('header.save')}
            </BusyButton>
          </Tooltip>
        </div>
      </header>
    )
  },
)
EditorHeader.displayName = 'EditorHeader'
