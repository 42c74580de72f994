import { mixed, object, string, type ObjectSchema } from 'yup'
import {
  FLOW_CONDITION_OPERATORS,
  type FlowConditionOperator,
  type FlowNodeDataOf,
} from '@shared/contracts/flows'

export interface ConditionFormValues {
  key: string
  condition: FlowConditionOperator
  value: string
}

/**
 * The condition block's form: the variable compared (required), the operator (002 §4.2: 1 equals,
 * 2 >=, 3 <=, 4 <, 5 >) and the value it is compared with.
 */
export const conditionSchema: ObjectSchema<ConditionFormValues> = object({
  key: string().defined().trim().required('validation.conditionKey').max(100, 'validation.tooLong'),
  condition: mixed<FlowConditionOperator>()
    .oneOf([...FLOW_CONDITION_OPERATORS], 'validation.operator')
    .required('validation.operator'),
  value: string().defined().trim().max(500, 'validation.tooLong'),
})

export const toConditionData = (values: ConditionFormValues): FlowNodeDataOf<'condition'> => ({
  key: values.key,
  condition: values.condition,
  value: values.value,
})
