import { number, object, type ObjectSchema } from 'yup'
import { FLOW_RANDOMIZER_STEP, type FlowNodeDataOf } from '@shared/contracts/flows'

export interface RandomizerFormValues {
  /** The share of contacts sent by the first output. */
  percent: number
}

/** The randomizer's share for its first output: 0 to 100 in steps of 10 (002 §9). */
export const randomizerSchema: ObjectSchema<RandomizerFormValues> = object({
  percent: number()
    .required('validation.percent')
    .min(0, 'validation.percent')
    .max(100, 'validation.percent')
    .test('step', 'validation.percent', (value) => value % FLOW_RANDOMIZER_STEP === 0),
})

export const toRandomizerData = (values: RandomizerFormValues): FlowNodeDataOf<'randomizer'> => ({
  percent: values.percent,
})
