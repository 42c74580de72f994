import * as yup from 'yup'
import {
  QUEUE_COLOR,
  QUEUE_COLOR_PATTERN,
  QUEUE_NAME,
  ROTATION_MINUTES,
  type CreateQueueBody,
  type QueueDetailDto,
} from '@shared/contracts/queues'
import { isValidServiceHours, type ServiceHours } from '@shared/contracts/service-hours'
import { serviceHoursOrDefault } from '@renderer/components/ServiceHoursEditor'
import { isTreeValid, toChatbotInputs, toChatbotNodes, type ChatbotNode } from './chatbot-tree'

/**
 * Validation messages are `queues` namespace keys, translated where they are shown; their en
 * values are the spec's texts ('Too Short!', 'Too Long!', 'Required', 001 §5).
 */
export const queueValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidColor: 'validation.invalidColor',
  invalidOrder: 'validation.invalidOrder',
  invalidHours: 'validation.invalidHours',
  invalidTree: 'validation.invalidTree',
} as const

export type RotationMinutes = (typeof ROTATION_MINUTES)[number]

/** Everything the queue dialog edits. `orderQueue` is the text typed, '' for none. */
export interface QueueFormValues {
  name: string
  color: string
  orderQueue: string
  greetingMessage: string
  outOfHoursMessage: string
  ativarRoteador: boolean
  tempoRoteador: RotationMinutes
  integrationId: number | null
  fileListId: number | null
  closeTicket: boolean
  schedules: ServiceHours
  chatbots: ChatbotNode[]
}

const m = queueValidationMessages
const COLOR = new RegExp(QUEUE_COLOR_PATTERN)
const ORDER = /^\d{1,7}$/

export const queueSchema: yup.ObjectSchema<QueueFormValues> = yup.object({
  name: yup
    .string()
    .trim()
    .required(m.required)
    .min(QUEUE_NAME.min, m.tooShort)
    .max(QUEUE_NAME.max, m.tooLong),
  color: yup
    .string()
    .trim()
    .required(m.required)
    .min(QUEUE_COLOR.min, m.tooShort)
    .max(QUEUE_COLOR.max, m.tooLong)
    .matches(COLOR, m.invalidColor),
  orderQueue: yup
    .string()
    .trim()
    .defined()
    .test('order', m.invalidOrder, (value) => value === '' || ORDER.test(value)),
  greetingMessage: yup.string().defined(),
  outOfHoursMessage: yup.string().defined(),
  ativarRoteador: yup.boolean().required(),
  tempoRoteador: yup
    .mixed<RotationMinutes>()
    .oneOf([...ROTATION_MINUTES], m.required)
    .required(m.required),
  integrationId: yup.number().nullable().defined(),
  fileListId: yup.number().nullable().defined(),
  closeTicket: yup.boolean().required(),
  schedules: yup
    .mixed<ServiceHours>()
    .required()
    .test('hours', m.invalidHours, (value) => isValidServiceHours(value)),
  chatbots: yup
    .mixed<ChatbotNode[]>()
    .required()
    .test('tree', m.invalidTree, (value) => isTreeValid(value)),
})

/** A new queue: no options, the spec's default hours (001 §3). */
export const emptyQueueFormValues = (): QueueFormValues => ({
  name: '',
  color: '#2563eb',
  orderQueue: '',
  greetingMessage: '',
  outOfHoursMessage: '',
  ativarRoteador: false,
  tempoRoteador: 0,
  integrationId: null,
  fileListId: null,
  closeTicket: false,
  schedules: serviceHoursOrDefault([]),
  chatbots: [],
})

const isRotation = (value: number): value is RotationMinutes =>
  (ROTATION_MINUTES as readonly number[]).includes(value)

export const queueToFormValues = (queue: QueueDetailDto): QueueFormValues => ({
  name: queue.name,
  color: queue.color,
  orderQueue: queue.orderQueue === null ? '' : String(queue.orderQueue),
  greetingMessage: queue.greetingMessage,
  outOfHoursMessage: queue.outOfHoursMessage,
  ativarRoteador: queue.ativarRoteador,
  tempoRoteador: isRotation(queue.tempoRoteador) ? queue.tempoRoteador : 0,
  integrationId: queue.integrationId,
  fileListId: queue.fileListId,
  closeTicket: queue.closeTicket,
  schedules: serviceHoursOrDefault(queue.schedules),
  chatbots: toChatbotNodes(queue.chatbots),
})

/**
 * The POST/PUT body. Hours are sent only when the hours tab is in use, so a company that does
 * not schedule by queue never overwrites what a queue has stored.
 */
export const toQueueBody = (
  values: QueueFormValues,
  options: { withSchedules: boolean },
): CreateQueueBody => ({
  name: values.name.trim(),
  color: values.color.trim(),
  orderQueue: values.orderQueue.trim() === '' ? null : Number(values.orderQueue),
  greetingMessage: values.greetingMessage,
  outOfHoursMessage: values.outOfHoursMessage,
  ativarRoteador: values.ativarRoteador,
  tempoRoteador: values.tempoRoteador,
  integrationId: values.integrationId,
  fileListId: values.fileListId,
  closeTicket: values.closeTicket,
  ...(options.withSchedules ? { schedules: values.schedules } : {}),
  chatbots: toChatbotInputs(values.chatbots),
})
