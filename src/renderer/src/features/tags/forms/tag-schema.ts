import * as yup from 'yup'
import { DEFAULT_TAG_COLOR, TAG_NAME, type TagDto } from '@shared/contracts/tags'

/** `tags` namespace keys; the pt-BR texts are the spec's. */
export const tagValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidColor: 'validation.invalidColor',
} as const

export interface TagFormValues {
  name: string
  color: string
  kanban: boolean
}

const m = tagValidationMessages

export const tagSchema: yup.ObjectSchema<TagFormValues> = yup.object({
  name: yup
    .string()
    .trim()
    .required(m.required)
    .min(TAG_NAME.min, m.tooShort)
    .max(TAG_NAME.max, m.tooLong),
  color: yup
    .string()
    .required(m.required)
    .matches(/^#[0-9A-Fa-f]{6}$/, m.invalidColor),
  kanban: yup.boolean().required(),
})

/** The form of `tag`, or of a new tag that is a kanban lane when `newKanban` says so. */
export const tagToFormValues = (tag: TagDto | null, newKanban = false): TagFormValues =>
  tag
    ? { name: tag.name, color: tag.color, kanban: tag.kanban === 1 }
    : { name: '', color: DEFAULT_TAG_COLOR, kanban: newKanban }

export const toTagBody = (values: TagFormValues) => ({
  name: values.name.trim(),
  color: values.color.toUpperCase(),
  kanban: values.kanban ? (1 as const) : (0 as const),
})
