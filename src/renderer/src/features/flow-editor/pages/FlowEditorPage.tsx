import { Button } from '@fluentui/react-components'
import { DocumentQuestionMarkRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { ReactFlowProvider } from '@xyflow/react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { routeLink } from '@shared/navigation'
import { isAdmin } from '@shared/permissions'
import { EmptyState } from '@renderer/components/EmptyState'
import { LoadFailure } from '@renderer/components/LoadFailure'
import { NoAccess } from '@renderer/components/NoAccess'
import { PageSpinner } from '@renderer/components/PageSpinner'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage } from '@renderer/lib/notify'
import { isFlowNotFound } from '../api'
import { FlowEditor } from '../components/FlowEditor'
import { flowEditorQueries } from '../queries'
import { useFlowEditorPageStyles } from './FlowEditorPage.styles'

/**
 * /flowbuilder/:id (002 §2.15): the visual editor of one flow, for the company's admins; a
 * profile user sees the no-access view.
 */
export const FlowEditorPage = () => {
  const user = useCurrentUser()
  return isAdmin(user) ? <FlowEditorScreen /> : <NoAccess />
}

/** A flow id of the address, or null when it names none. */
const flowIdOf = (param: string | undefined): number | null => {
  const id = Number(param)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

const FlowNotFound = () => {
  const { t } = useTranslation('flowEditor')
  const navigate = useNavigate()
  return (
    <EmptyState
      icon={<DocumentQuestionMarkRegular />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Button appearance="primary" onClick={() => void navigate(routeLink('flowBuilders'))}>
          {t('notFound.back')}
        </Button>
      }
    />
  )
}

const FlowEditorScreen = () => {
  const { t } = useTranslation('flowEditor')
  const styles = useFlowEditorPageStyles()
  const flowId = flowIdOf(useParams().id)
  const query = useQuery({ ...flowEditorQueries.graph(flowId ?? 0), enabled: flowId !== null })

  if (flowId === null) return <FlowNotFound />
  // Once loaded, the canvas is the truth: a later read (another screen's invalidation) that
  // fails or differs never replaces it.
  if (query.data)
    return (
      <div className={styles.root}>
        <ReactFlowProvider>
          <FlowEditor key={query.data.id} flow={query.data} />
        </ReactFlowProvider>
      </div>
    )
  if (!query.isError) return <PageSpinner />
  if (isFlowNotFound(query.error)) return <FlowNotFound />
  return (
    <LoadFailure
      title={t('loadError.title')}
      description={errorMessage(query.error)}
      retryLabel={t('loadError.retry')}
      onRetry={() => void query.refetch()}
    />
  )
}
