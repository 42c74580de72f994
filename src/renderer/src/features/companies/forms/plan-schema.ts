import * as yup from 'yup'
import {
  PLAN_FEATURE_FLAGS,
  PLAN_NAME,
  type CreatePlanBody,
  type PlanDto,
  type PlanFeatureFlag,
} from '@shared/contracts/plans'

export const planValidationMessages = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  invalidNumber: 'validation.invalidNumber',
  invalidAmount: 'validation.invalidAmount',
} as const

export type PlanFormValues = {
  name: string
  users: number
  connections: number
  queues: number
  /** As typed: "49,90" or "49.90". */
  amount: string
  isPublic: boolean
} & Record<PlanFeatureFlag, boolean>

const m = planValidationMessages
const count = () =>
  yup
    .number()
    .typeError(m.invalidNumber)
    .required(m.required)
    .integer(m.invalidNumber)
    .min(0, m.invalidNumber)

const flagSchemas = Object.fromEntries(
  PLAN_FEATURE_FLAGS.map((flag) => [flag, yup.boolean().defined()]),
) as Record<PlanFeatureFlag, yup.BooleanSchema<boolean>>

export const planSchema: yup.ObjectSchema<PlanFormValues> = yup.object({
  name: yup.string().trim().required(m.required).max(PLAN_NAME.max, m.tooLong),
  users: count(),
  connections: count(),
  queues: count(),
  amount: yup
    .string()
    .trim()
    .required(m.required)
    .matches(/^\d{1,9}([.,]\d{1,2})?$/, m.invalidAmount),
  isPublic: yup.boolean().defined(),
  ...flagSchemas,
})

const allFlags = (value: boolean) =>
  Object.fromEntries(PLAN_FEATURE_FLAGS.map((flag) => [flag, value])) as Record<
    PlanFeatureFlag,
    boolean
  >

export const emptyPlanFormValues = (): PlanFormValues => ({
  name: '',
  users: 0,
  connections: 0,
  queues: 0,
  amount: '0',
  isPublic: true,
  ...allFlags(true),
})

export const planToFormValues = (plan: PlanDto): PlanFormValues => ({
  name: plan.name,
  users: plan.users,
  connections: plan.connections,
  queues: plan.queues,
  amount: plan.amount,
  isPublic: plan.isPublic,
  ...(Object.fromEntries(PLAN_FEATURE_FLAGS.map((flag) => [flag, plan[flag]])) as Record<
    PlanFeatureFlag,
    boolean
  >),
})

export const toPlanBody = (values: PlanFormValues): CreatePlanBody => ({
  ...values,
  name: values.name.trim(),
  amount: values.amount.trim(),
})
