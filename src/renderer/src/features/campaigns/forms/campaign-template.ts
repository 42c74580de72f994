import { CAMPAIGN_TEMPLATE_PARAM_MAX, type WhatsappTemplateDto } from '@shared/contracts/campaigns'

/** A template as the campaign names it: Meta tells templates apart by name and language. */
export interface TemplateRef {
  name: string
  language: string
}

/** The template a campaign sends, as the dialog holds it: its body for the preview. */
export interface ChosenTemplate extends TemplateRef {
  body: string
  /** How many texts it takes, one per placeholder. */
  params: number
}

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g

/**
 * How many texts a template's body takes: its placeholders are numbered `{{1}}` … `{{n}}`, so
 * the highest number, as the server counts them.
 */
export const templatePlaceholderCount = (body: string): number => {
  let highest = 0
  for (const match of body.matchAll(PLACEHOLDER)) highest = Math.max(highest, Number(match[1]))
  return highest
}

/** The texts for `count` placeholders: those typed kept in their places, the others empty. */
export const resizeTemplateParams = (params: readonly string[], count: number): string[] =>
  Array.from({ length: count }, (_unused, index) => params[index] ?? '')

/** What is wrong with the text of one placeholder, as a key of the form's messages. */
export type TemplateParamProblem = 'required' | 'tooLong'

/** Each placeholder needs a text (Meta refuses an empty one), within the server's length. */
export const templateParamProblem = (param: string): TemplateParamProblem | null => {
  if (param.trim() === '') return 'required'
  if (param.length > CAMPAIGN_TEMPLATE_PARAM_MAX) return 'tooLong'
  return null
}

/** The option value of a template in the picker; '' is "none". */
export const templateKey = ({ name, language }: TemplateRef): string =>
  JSON.stringify([name, language])

export const sameTemplate = (a: TemplateRef, b: TemplateRef): boolean =>
  a.name === b.name && a.language === b.language

/** A listed template as the dialog keeps it. */
export const chosenFromListed = (template: WhatsappTemplateDto): ChosenTemplate => ({
  name: template.name,
  language: template.language,
  body: template.body,
  params: template.params,
})

/** A template stored with a campaign, which Meta may no longer list: its body was kept. */
export const chosenFromStored = (name: string, language: string, body: string): ChosenTemplate => ({
  name,
  language,
  body,
  params: templatePlaceholderCount(body),
})
