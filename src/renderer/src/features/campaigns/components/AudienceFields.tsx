import { Field, Radio, RadioGroup } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useController, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { CampaignDto } from '@shared/contracts/campaigns'
import { SelectField, type SelectOption } from '@renderer/components/form/SelectField'
import type { Audience, CampaignFormValues } from '../forms/campaign-schema'
import { campaignQueries } from '../queries'
import { useCampaignDialogStyles } from './CampaignDialog.styles'

export interface AudienceFieldsProps {
  control: Control<CampaignFormValues>
  /** The stored campaign, whose list or tag keeps its name should the choices miss it. */
  campaign: CampaignDto | null
  disabled: boolean
}

const isAudience = (value: string): value is Audience => value === 'list' || value === 'tag'

/** The stored choice, added when the company's choices do not hold it. */
const withStored = (
  options: SelectOption<number>[],
  stored: { id: number; name: string } | null,
): SelectOption<number>[] =>
  stored && !options.some((option) => option.value === stored.id)
    ? [...options, { value: stored.id, label: stored.name }]
    : options

/**
 * Who receives the campaign (002 §3.4): the contacts of a list or those carrying a tag, exactly
 * one of them, each picked by name with how many contacts it holds.
 */
export const AudienceFields = ({ control, campaign, disabled }: AudienceFieldsProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useCampaignDialogStyles()
  const { field } = useController({ control, name: 'audience' })
  const audience = useWatch({ control, name: 'audience' })
  const lists = useQuery(campaignQueries.contactLists())
  const tags = useQuery(campaignQueries.tags())

  const listOptions = useMemo(
    () =>
      withStored(
        (lists.data ?? []).map((list) => ({
          value: list.id,
          label: t('dialog.listOption', { name: list.name, count: list.contactsCount }),
        })),
        campaign?.contactList ?? null,
      ),
    [lists.data, campaign, t],
  )
  const tagOptions = useMemo(
    () =>
      withStored(
        (tags.data ?? []).map((tag) => ({
          value: tag.id,
          label: t('dialog.tagOption', { name: tag.name, count: tag.contactsCount }),
        })),
        campaign?.tag ?? null,
      ),
    [tags.data, campaign, t],
  )

  const hintOf = (
    query: { isLoading: boolean; isError: boolean },
    empty: boolean,
    none: string,
  ) => {
    if (query.isLoading) return t('hints.choicesLoading')
    if (query.isError) return t('hints.choicesFailed')
    return empty ? none : undefined
  }

  return (
    <div className={styles.audience}>
      <Field label={t('fields.audience')} required>
        <RadioGroup
          ref={field.ref}
          layout="horizontal"
          value={audience}
          disabled={disabled}
          onChange={(_event, data) => {
            if (isAudience(data.value)) field.onChange(data.value)
          }}
        >
          <Radio value="list" label={t('fields.audienceList')} />
          <Radio value="tag" label={t('fields.audienceTag')} />
        </RadioGroup>
      </Field>
      {audience === 'list' ? (
        <SelectField
          control={control}
          name="contactListId"
          label={t('fields.contactList')}
          hint={hintOf(lists, listOptions.length === 0, t('hints.noLists'))}
          required
          disabled={disabled || lists.isLoading}
          options={listOptions}
        />
      ) : (
        <SelectField
          control={control}
          name="tagListId"
          label={t('fields.tag')}
          hint={hintOf(tags, tagOptions.length === 0, t('hints.noTags'))}
          required
          disabled={disabled || tags.isLoading}
          options={tagOptions}
        />
      )}
    </div>
  )
}
