import * as yup from 'yup'

/** `kanban` namespace keys. */
export const dateRangeMessages = {
  required: 'validation.required',
  invalidDate: 'validation.invalidDate',
  endBeforeStart: 'validation.endBeforeStart',
} as const

export interface DateRangeValues {
  startDate: string
  endDate: string
}

const m = dateRangeMessages
const DAY = /^\d{4}-\d{2}-\d{2}$/

export const dateRangeSchema: yup.ObjectSchema<DateRangeValues> = yup.object({
  startDate: yup.string().required(m.required).matches(DAY, m.invalidDate),
  endDate: yup
    .string()
    .required(m.required)
    .matches(DAY, m.invalidDate)
    .test('after-start', m.endBeforeStart, (end, context) => {
      const parent: unknown = context.parent
      const start: unknown =
        typeof parent === 'object' && parent !== null ? Reflect.get(parent, 'startDate') : null
      return typeof start !== 'string' || !DAY.test(start) || end >= start
    }),
})
