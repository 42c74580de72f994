import { Body1, Button, Caption1, Label, Option, Tooltip } from '@fluentui/react-components'
import {
  ChevronDoubleLeftRegular,
  ChevronDoubleRightRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
} from '@fluentui/react-icons'
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { REPORT_PAGE_SIZES } from '@shared/contracts/reports'
import { Dropdown } from '@renderer/components/Dropdown'
import { useReportPagerStyles } from './ReportPager.styles'

export interface ReportPagerProps {
  page: number
  pageSize: number
  total: number
  onPageChange: (page: number) => void
  onPageSizeChange: (pageSize: number) => void
}

/** The number of pages of `total` rows, at least one. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize))

/** The report's page size (002 §9: 5, 10, 20, 50), its total and the page navigation. */
export const ReportPager = ({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
}: ReportPagerProps) => {
  const { t, i18n } = useTranslation('reports')
  const styles = useReportPagerStyles()
  const sizeId = useId()
  const pages = pageCount(total, pageSize)
  const number = new Intl.NumberFormat(i18n.language)
  const move = (label: string, icon: ReactElement, to: number, disabled: boolean) => (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="subtle"
        icon={icon}
        disabledFocusable={disabled}
        onClick={() => onPageChange(to)}
      />
    </Tooltip>
  )

  return (
    <nav className={styles.root} aria-label={t('pager.label')}>
      <div className={styles.size}>
        <Label id={sizeId}>{t('pager.pageSize')}</Label>
        <Dropdown
          className={styles.sizeDropdown}
          aria-labelledby={sizeId}
          value={String(pageSize)}
          selectedOptions={[String(pageSize)]}
          onOptionSelect={(_event, data) => onPageSizeChange(Number(data.optionValue))}
        >
          {REPORT_PAGE_SIZES.map((size) => (
            <Option key={size} value={String(size)}>
              {String(size)}
            </Option>
          ))}
        </Dropdown>
        <Caption1>{t('pager.total', { count: total, total: number.format(total) })}</Caption1>
      </div>
      <div className={styles.pages}>
        {move(t('pager.first'), <ChevronDoubleLeftRegular />, 1, page <= 1)}
        {move(t('pager.previous'), <ChevronLeftRegular />, page - 1, page <= 1)}
        <Body1 className={styles.position} aria-live="polite">
          {t('pager.position', { page: number.format(page), pages: number.format(pages) })}
        </Body1>
        {move(t('pager.next'), <ChevronRightRegular />, page + 1, page >= pages)}
        {move(t('pager.last'), <ChevronDoubleRightRegular />, pages, page >= pages)}
      </div>
    </nav>
  )
}
