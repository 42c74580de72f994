import * as yup from 'yup'
import {
  HELP_TITLE,
  VIDEO_CODE_PATTERN,
  type CreateHelpBody,
  type HelpDto,
} from '@shared/contracts/helps'

export const helpValidationMessages = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  invalidVideo: 'validation.invalidVideo',
} as const

export interface HelpFormValues {
  title: string
  description: string
  video: string
}

const m = helpValidationMessages

export const helpSchema: yup.ObjectSchema<HelpFormValues> = yup.object({
  title: yup.string().trim().required(m.required).max(HELP_TITLE.max, m.tooLong),
  description: yup.string().defined().max(2000, m.tooLong),
  video: yup.string().trim().defined().matches(new RegExp(VIDEO_CODE_PATTERN), m.invalidVideo),
})

export const helpToFormValues = (help: HelpDto | null): HelpFormValues => ({
  title: help?.title ?? '',
  description: help?.description ?? '',
  video: help?.video ?? '',
})

export const toHelpBody = (values: HelpFormValues): CreateHelpBody => ({
  title: values.title.trim(),
  description: values.description.trim(),
  video: values.video.trim(),
})
