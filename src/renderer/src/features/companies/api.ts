import type {
  CompaniesPlanResponse,
  CompanyWithPlanDto,
  CreateCompanyBody,
  UpdateCompanyBody,
} from '@shared/contracts/companies'
import type {
  CreatePlanBody,
  ListPlansResponse,
  PlanDto,
  UpdatePlanBody,
} from '@shared/contracts/plans'
import { http } from '@renderer/lib/http'

/** GET /companiesPlan/: one page of 20 companies with plan and disk use (super user). */
export const listCompaniesPlan = async (
  pageNumber: number,
  signal?: AbortSignal,
): Promise<CompaniesPlanResponse> =>
  (await http.get<CompaniesPlanResponse>('/companiesPlan/', { params: { pageNumber }, signal }))
    .data

/** POST /companies: the company, its admin and its default settings. */
export const createCompany = async (body: CreateCompanyBody): Promise<CompanyWithPlanDto> =>
  (await http.post<CompanyWithPlanDto>('/companies', body)).data

/** PUT /companies/{id}: a new email or password also goes to the company's admin. */
export const updateCompany = async (
  id: number,
  body: UpdateCompanyBody,
): Promise<CompanyWithPlanDto> =>
  (await http.put<CompanyWithPlanDto>(`/companies/${id}`, { ...body, id })).data

/** DELETE /companies/{id}. */
export const deleteCompany = async (id: number): Promise<void> => {
  await http.delete(`/companies/${id}`)
}

/** GET /plans/all: every plan, for the company form and the plans table (super user). */
export const listAllPlans = async (signal?: AbortSignal): Promise<PlanDto[]> =>
  (await http.get<PlanDto[]>('/plans/all', { signal })).data

/** GET /plans: a page of plans (the own plan for non-super users). */
export const listPlans = async (pageNumber: number, signal?: AbortSignal) =>
  (await http.get<ListPlansResponse>('/plans', { params: { pageNumber }, signal })).data

/** POST /plans. */
export const createPlan = async (body: CreatePlanBody): Promise<PlanDto> =>
  (await http.post<PlanDto>('/plans', body)).data

/** PUT /plans/{id}. */
export const updatePlan = async (id: number, body: UpdatePlanBody): Promise<PlanDto> =>
  (await http.put<PlanDto>(`/plans/${id}`, body)).data

/** DELETE /plans/{id}: refused while a company is on the plan. */
export const deletePlan = async (id: number): Promise<void> => {
  await http.delete(`/plans/${id}`)
}
