import { number, object, type ObjectSchema } from 'yup'
import { FLOW_INTERVAL_MAX_SECONDS, type FlowNodeDataOf } from '@shared/contracts/flows'

export interface IntervalFormValues {
  sec: number
}

/**
 * The interval block's form (002 §5): whole seconds above 0 ('Adicione o valor de intervalo') and
 * at most 120 ('Máximo de tempo atingido 120 segundos').
 */
export const intervalSchema: ObjectSchema<IntervalFormValues> = object({
  sec: number()
    .typeError('validation.intervalRequired')
    .required('validation.intervalRequired')
    .moreThan(0, 'validation.intervalRequired')
    .max(FLOW_INTERVAL_MAX_SECONDS, 'validation.intervalMax')
    .integer('validation.wholeSeconds'),
})

export const toIntervalData = (values: IntervalFormValues): FlowNodeDataOf<'interval'> => ({
  sec: values.sec,
})
