import { Field, Option } from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { TagRef } from '@shared/contracts/contacts'
import { TagSwatch } from '@renderer/components/TagChip'
import { useSetTicketLaneMutation } from '../mutations'
import { contactQueries } from '../queries'

const NO_LANE = 'empty'

export interface KanbanStageFieldProps {
  ticketId: number
  /** The ticket's tags; the one that is a kanban lane is its stage. */
  ticketTags: TagRef[]
}

/**
 * The ticket's kanban stage (000 §2 contact drawer): one of the company's lanes (tags with
 * kanban 1), or none. The ticket update the server emits redraws the choice.
 */
export const KanbanStageField = ({ ticketId, ticketTags }: KanbanStageFieldProps) => {
  const { t } = useTranslation('contacts')
  const lanes = useQuery(contactQueries.tagOptions(1))
  const mutation = useSetTicketLaneMutation()
  const laneIds = new Set(lanes.data?.map((lane) => lane.id))
  const current = ticketTags.find((tag) => laneIds.has(tag.id)) ?? null

  return (
    <Field label={t('drawer.kanbanStage')}>
      <Dropdown
        value={current?.name ?? t('drawer.noStage')}
        selectedOptions={[current ? String(current.id) : NO_LANE]}
        disabled={mutation.isPending || lanes.isPending}
        onOptionSelect={(_event, data) => {
          const value = data.optionValue ?? NO_LANE
          mutation.mutate({ ticketId, tagId: value === NO_LANE ? 'empty' : Number(value) })
        }}
      >
        <Option value={NO_LANE}>{t('drawer.noStage')}</Option>
        {(lanes.data ?? []).map((lane) => (
          <Option key={lane.id} value={String(lane.id)} text={lane.name}>
            <TagSwatch color={lane.color} /> {lane.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  )
}
