import * as yup from 'yup'
import { PASSWORD } from '@shared/constants'
import {
  COMPANY_NAME,
  type CompanyAdminDto,
  type CreateCompanyBody,
  type UpdateCompanyBody,
} from '@shared/contracts/companies'

/** `companies` namespace keys; the pt-BR texts are the spec's. */
export const companyValidationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
  invalidDate: 'validation.invalidDate',
} as const

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const
export type RecurrenceValue = (typeof RECURRENCES)[number]

export interface CompanyFormValues {
  name: string
  email: string
  /** Required to create (the admin's password); '' keeps the current one on edit. */
  password: string
  phone: string
  planId: number | null
  status: boolean
  campaignsEnabled: boolean
  dueDate: string
  recurrence: RecurrenceValue
}

const m = companyValidationMessages

/** 001 §5 Company (platform): email and plan required, name 2 to 50. */
export const buildCompanySchema = (mode: 'create' | 'edit'): yup.ObjectSchema<CompanyFormValues> =>
  yup.object({
    name: yup
      .string()
      .trim()
      .required(m.required)
      .min(COMPANY_NAME.min, m.tooShort)
      .max(COMPANY_NAME.max, m.tooLong),
    email: yup.string().trim().required(m.required).email(m.invalidEmail),
    password:
      mode === 'create'
        ? yup
            .string()
            .required(m.required)
            .min(PASSWORD.min, m.tooShort)
            .max(PASSWORD.max, m.tooLong)
        : yup
            .string()
            .defined()
            .test('length', m.tooShort, (value) => value === '' || value.length >= PASSWORD.min)
            .max(PASSWORD.max, m.tooLong),
    phone: yup.string().defined().max(30, m.tooLong),
    planId: yup
      .number()
      .nullable()
      .defined()
      .test('plan', m.required, (value) => value !== null),
    status: yup.boolean().defined(),
    campaignsEnabled: yup.boolean().defined(),
    dueDate: yup
      .string()
      .required(m.required)
      .matches(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate),
    recurrence: yup.mixed<RecurrenceValue>().oneOf(RECURRENCES).required(m.required),
  })

export const emptyCompanyFormValues = (dueDate: string): CompanyFormValues => ({
  name: '',
  email: '',
  password: '',
  phone: '',
  planId: null,
  status: true,
  campaignsEnabled: true,
  dueDate,
  recurrence: 'MENSAL',
})

export const companyToFormValues = (company: CompanyAdminDto): CompanyFormValues => ({
  name: company.name,
  email: company.email,
  password: '',
  phone: company.phone,
  planId: company.planId,
  status: company.status,
  campaignsEnabled: company.campaignsEnabled,
  dueDate: company.dueDate,
  recurrence: (RECURRENCES as readonly string[]).includes(company.recurrence)
    ? (company.recurrence as RecurrenceValue)
    : 'MENSAL',
})

/** The form as POST /companies or PUT /companies/{id} takes it. */
export const toCompanyBody = (
  values: CompanyFormValues,
): CreateCompanyBody & UpdateCompanyBody => ({
  name: values.name.trim(),
  email: values.email.trim(),
  password: values.password,
  phone: values.phone.trim(),
  planId: values.planId ?? 0,
  status: values.status,
  campaignsEnabled: values.campaignsEnabled,
  dueDate: values.dueDate,
  recurrence: values.recurrence,
})

/** PUT without a password keeps it: the field is sent only when typed. */
export const toUpdateCompanyBody = (values: CompanyFormValues): UpdateCompanyBody => {
  const { password, ...body } = toCompanyBody(values)
  return password ? { ...body, password } : body
}
