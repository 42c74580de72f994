import { Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { FullPageSpinner } from '@renderer/components/FullPageSpinner'
import { NotFoundPage } from '../pages/NotFoundPage'

/**
 * A lazily loaded page or area (the public pages, the signed-in shell) with a full-page spinner
 * while its code arrives, so the login page downloads only what it shows.
 */
export const LazyPage = ({
  page: Page,
}: {
  page: LazyExoticComponent<ComponentType> | undefined
}) => <Suspense fallback={<FullPageSpinner />}>{Page ? <Page /> : <NotFoundPage />}</Suspense>
