import * as yup from 'yup'
import { flowNameProblem, type FlowNameProblem } from '@shared/contracts/flows-rules'

/** `flows` namespace keys of the name's messages (002 §5: 'Digite um nome!', 'Muito curto!', 'Muito longo!'). */
export const flowNameMessages: Record<FlowNameProblem, string> = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
}

export interface FlowNameFormValues {
  name: string
}

/** The name dialog's rule: the shared `flowNameProblem`, in the spec's words. */
export const flowNameSchema: yup.ObjectSchema<FlowNameFormValues> = yup.object({
  name: yup
    .string()
    .defined()
    .test('rules', (value, test) => {
      const problem = flowNameProblem(value)
      return problem ? test.createError({ message: flowNameMessages[problem] }) : true
    }),
})

/** The fields of the form a server refusal may name. */
export const isFlowNameField = (name: string): name is keyof FlowNameFormValues => name === 'name'
