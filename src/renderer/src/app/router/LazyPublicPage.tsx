import { Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { FullPageSpinner } from '@renderer/components/FullPageSpinner'
import { NotFoundPage } from '../pages/NotFoundPage'

/** A lazily loaded public page with a full-page spinner while its code arrives. */
export const LazyPublicPage = ({
  page: Page,
}: {
  page: LazyExoticComponent<ComponentType> | undefined
}) => <Suspense fallback={<FullPageSpinner />}>{Page ? <Page /> : <NotFoundPage />}</Suspense>
