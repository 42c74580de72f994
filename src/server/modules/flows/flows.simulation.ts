import type { RequestContext } from '@server/context'
import type {
  FlowRunState,
  FlowSimulationStep,
  SimulateFlowBody,
  SimulateFlowResponse,
} from '@shared/contracts/flows'
import { flowGraphProblems, flowMediaNames } from '@shared/contracts/flows-rules'
import type { CoreDeps } from '@server/deps'
import { AppError } from '@server/lib/app-error'
import { renderTemplate } from '../messages/messages.template'
import { advanceFlow } from './flows.engine'
import { flowsRepository } from './flows.repository'

const START: FlowRunState = {
  status: 'running',
  nodeId: '',
  elementIndex: 0,
  variables: {},
  invalidAttempts: 0,
}

/**
 * "Test this flow" (issue 18): the editor's graph, saved or not, run by the same engine the
 * conversations run on, for a simulated contact. Texts are rendered as a real ticket's would be
 * (the caller's name as the contact's, no queue, no attendant); nothing is stored nor sent.
 */
export function createFlowSimulation(
  deps: Pick<CoreDeps, 'db'>,
  { signedUrl }: { signedUrl: (companyId: number, path: string) => string },
) {
  const repo = flowsRepository(deps.db)

  return async function simulate(
    ctx: RequestContext,
    body: SimulateFlowBody,
  ): Promise<SimulateFlowResponse> {
    const graph = { nodes: body.nodes, connections: body.connections }
    const problems = flowGraphProblems(graph)
    if (problems.length > 0) throw new AppError('ERR_FLOW_INVALID', { problems })
    const contactName = body.contactName?.trim() || ctx.user.name
    const advanced = advanceFlow(graph, body.state ?? START, body.event, {
      contact: { name: contactName, number: '', email: '', extra: {} },
      random: Math.random,
    })
    const now = new Date()
    const render = (text: string) =>
      renderTemplate(
        text,
        {
          contactName,
          ticketId: 0,
          userName: '',
          queueName: '',
          connectionName: '',
          companyName: ctx.company.name,
        },
        { now, timeZone: ctx.company.timezone },
      )
    const own = await repo.existingMedia(ctx.companyId, flowMediaNames(graph))
    const queueNames = new Map(
      graph.nodes.flatMap((node) =>
        node.type === 'ticket' ? [[node.data.id, node.data.name]] : [],
      ),
    )
    const steps = advanced.effects.map((effect): FlowSimulationStep => {
      switch (effect.kind) {
        case 'text':
          return { kind: 'text', text: render(effect.body) }
        case 'media':
          return {
            kind: 'media',
            media: effect.media,
            url: own.has(effect.name) ? signedUrl(ctx.companyId, effect.name) : null,
          }
        case 'queue':
          return { kind: 'queue', queueName: queueNames.get(effect.queueId) ?? '' }
        case 'timer':
          return { kind: 'timer', seconds: effect.seconds }
      }
    })
    return { state: advanced.state, steps, reason: advanced.reason ?? null }
  }
}
