import { FILE_LIST_MESSAGE_MAX, FILE_LIST_NAME } from './file-lists'

/** What is wrong with one field of the file-list form, as a key of its messages. */
export type FileListProblem = 'required' | 'tooShort' | 'tooLong'

export interface FileListForm {
  name: string
  message: string
  options: ReadonlyArray<{ name: string }>
}

/**
 * 002 §5: the name required, at least 3 characters ('nome muito curto'); the message required;
 * each option named. Problems are keyed by field, `options.{i}.name` for an option. Both the
 * form and the server ask this.
 */
export function fileListProblems(form: FileListForm): Record<string, FileListProblem> {
  const problems: Record<string, FileListProblem> = {}
  const name = form.name.trim()
  if (name === '') problems.name = 'required'
  else if (name.length < FILE_LIST_NAME.min) problems.name = 'tooShort'
  else if (name.length > FILE_LIST_NAME.max) problems.name = 'tooLong'
  const message = form.message.trim()
  if (message === '') problems.message = 'required'
  else if (message.length > FILE_LIST_MESSAGE_MAX) problems.message = 'tooLong'
  form.options.forEach((option, index) => {
    const optionName = option.name.trim()
    if (optionName === '') problems[`options.${index}.name`] = 'required'
    else if (optionName.length > FILE_LIST_NAME.max) problems[`options.${index}.name`] = 'tooLong'
  })
  return problems
}
