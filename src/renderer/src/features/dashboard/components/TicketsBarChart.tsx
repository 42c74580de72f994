import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { tokens } from '@fluentui/react-components'

export interface BarPoint {
  key: string
  label: string
  total: number
}

export interface TicketsBarChartProps {
  points: readonly BarPoint[]
  color: string
  /** The series' name in the tooltip. */
  seriesName: string
  /** The tooltip's title for a bar (defaults to its label). */
  tooltipTitle?: (point: BarPoint) => string
}

/** Bars of tickets, sized to their container, in the theme's text and line colours. */
export const TicketsBarChart = ({
  points,
  color,
  seriesName,
  tooltipTitle,
}: TicketsBarChartProps) => (
  <ResponsiveContainer width="100%" height={300}>
    <BarChart data={[...points]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tickLine={false} minTickGap={8} />
      <YAxis allowDecimals={false} width={40} />
      <Tooltip
        labelFormatter={(_label, payload) => {
          const point = payload[0]?.payload as BarPoint | undefined
          if (!point) return ''
          return tooltipTitle ? tooltipTitle(point) : point.label
        }}
        contentStyle={{
          backgroundColor: tokens.colorNeutralBackground1,
          borderColor: tokens.colorNeutralStroke1,
          borderRadius: tokens.borderRadiusMedium,
          color: tokens.colorNeutralForeground1,
        }}
        labelStyle={{ color: tokens.colorNeutralForeground1 }}
        itemStyle={{ color: tokens.colorNeutralForeground1 }}
      />
      <Bar
        dataKey="total"
        name={seriesName}
        fill={color}
        radius={[4, 4, 0, 0]}
        isAnimationActive={false}
      />
    </BarChart>
  </ResponsiveContainer>
)
