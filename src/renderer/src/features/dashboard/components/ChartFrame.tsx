import { mergeClasses, Subtitle2, ToggleButton } from '@fluentui/react-components'
import { TableRegular } from '@fluentui/react-icons'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useChartFrameStyles } from './ChartFrame.styles'

export interface ChartData {
  /** The heads of the label column and of the value column. */
  columns: readonly [string, string]
  rows: readonly (readonly [string, string])[]
}

export interface ChartFrameProps {
  title: string
  /** What the chart shows, in a sentence: the chart's accessible name. */
  summary: string
  data: ChartData
  /** The chart itself; ignored by assistive technology, which reads `data` instead. */
  children: ReactNode
}

/**
 * A chart with its data behind it: the drawing is one image named by `summary`, and its data
 * table is always there for screen readers and shown to everyone by the 'Ver dados' toggle.
 */
export const ChartFrame = ({ title, summary, data, children }: ChartFrameProps) => {
  const { t } = useTranslation('dashboard')
  const styles = useChartFrameStyles()
  const [showData, setShowData] = useState(false)
  const titleId = useId()
  const tableId = useId()
  return (
    <section className={styles.root} aria-labelledby={titleId}>
      <div className={styles.header}>
        <Subtitle2 as="h3" id={titleId} className={styles.title}>
          {title}
        </Subtitle2>
        <ToggleButton
          size="small"
          appearance="subtle"
          icon={<TableRegular />}
          checked={showData}
          aria-controls={tableId}
          onClick={() => setShowData((shown) => !shown)}
        >
          {t('charts.showData')}
        </ToggleButton>
      </div>
      <div role="img" aria-label={summary} className={styles.chart}>
        {children}
      </div>
      <div id={tableId} className={showData ? styles.tableWrap : styles.hidden}>
        <table className={styles.table}>
          <caption className={styles.hidden}>{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.cell}>
                {data.columns[0]}
              </th>
              <th scope="col" className={mergeClasses(styles.cell, styles.number)}>
                {data.columns[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className={styles.cell}>
                  {label}
                </th>
                <td className={mergeClasses(styles.cell, styles.number)}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
