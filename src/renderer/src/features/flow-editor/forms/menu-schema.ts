import { array, object, string, type ObjectSchema } from 'yup'
import { FLOW_MENU_OPTIONS_MAX, FLOW_TEXT_MAX, type FlowNodeDataOf } from '@shared/contracts/flows'

export interface MenuFormValues {
  message: string
  /** In their order: an option's number is its place (002 §5). */
  options: { value: string }[]
}

/**
 * The menu block's form: its text ('Campos de mensagem vazio!') and 1 to 20 options, each with
 * a text. Options are numbered by their place, so only their texts are edited.
 */
export const menuSchema: ObjectSchema<MenuFormValues> = object({
  message: string()
    .defined()
    .trim()
    .required('validation.emptyText')
    .max(FLOW_TEXT_MAX, 'validation.tooLong'),
  options: array(
    object({
      value: string()
        .defined()
        .trim()
        .required('validation.menuOption')
        .max(200, 'validation.tooLong'),
    }),
  )
    .defined()
    .min(1, 'validation.menuNoOptions')
    .max(FLOW_MENU_OPTIONS_MAX, 'validation.menuTooMany'),
})

export const menuFormValues = (data: FlowNodeDataOf<'menu'>): MenuFormValues => ({
  message: data.message,
  options: data.arrayOption.map((option) => ({ value: option.value })),
})

/** The options numbered 1..n in their order, as the graph stores them. */
export const toMenuData = (values: MenuFormValues): FlowNodeDataOf<'menu'> => ({
  message: values.message,
  arrayOption: values.options.map((option, index) => ({ number: index + 1, value: option.value })),
})
