import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateCompanyBody, UpdateCompanyBody } from '@shared/contracts/companies'
import type { CreatePlanBody } from '@shared/contracts/plans'
import { notifyError } from '@renderer/lib/notify'
import {
  createCompany,
  createPlan,
  deleteCompany,
  deletePlan,
  updateCompany,
  updatePlan,
} from './api'
import { companyQueries, planQueries } from './queries'

/** Create (id null) or update a company; the table re-reads. */
export const useSaveCompanyMutation = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: number | null
      body: CreateCompanyBody | UpdateCompanyBody
    }) => (id === null ? createCompany(body as CreateCompanyBody) : updateCompany(id, body)),
    onSuccess: () => client.invalidateQueries({ queryKey: companyQueries.all() }),
    onError: notifyError,
  })
}

export const useDeleteCompanyMutation = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => client.invalidateQueries({ queryKey: companyQueries.all() }),
    onError: notifyError,
  })
}

/** Create (id null) or update a plan; plans and the companies showing them re-read. */
export const useSavePlanMutation = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreatePlanBody }) =>
      id === null ? createPlan(body) : updatePlan(id, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: planQueries.all() })
      await client.invalidateQueries({ queryKey: companyQueries.all() })
    },
    onError: notifyError,
  })
}

export const useDeletePlanMutation = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => client.invalidateQueries({ queryKey: planQueries.all() }),
    onError: notifyError,
  })
}
