import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Subtitle2,
} from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useController, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type {
  CampaignDto,
  CampaignVariable,
  WhatsappTemplateDto,
} from '@shared/contracts/campaigns'
import { Dropdown } from '@renderer/components/Dropdown'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { errorMessage } from '@renderer/lib/notify'
import type { CampaignFormValues } from '../forms/campaign-schema'
import {
  chosenFromListed,
  chosenFromStored,
  sameTemplate,
  templateKey,
  type ChosenTemplate,
  type TemplateRef,
} from '../forms/campaign-template'
import { useCaretInsert } from '../hooks/useCaretInsert'
import { campaignQueries } from '../queries'
import { VariableChips } from './VariableChips'
import { useTemplateFieldsStyles } from './TemplateFields.styles'

export interface TemplateFieldsProps {
  control: Control<CampaignFormValues>
  /** The chosen connection, a Cloud API one. */
  whatsappId: number
  /** The stored campaign: its template stays offered even once Meta no longer lists it. */
  campaign: CampaignDto | null
  /** The company's custom variables, offered in the texts of the placeholders. */
  variables: readonly CampaignVariable[]
  disabled: boolean
  /** Shows the stored template without asking Meta for the others. */
  readOnly: boolean
  onChoose: (template: ChosenTemplate | null) => void
}

/**
 * The approved template of a Cloud API campaign: the Cloud API delivers free text only to
 * contacts who wrote in the last 24 hours, and the others receive this template instead (without
 * one they are reported as failed). The connection's approved templates are asked of Meta; the
 * chosen one's body is shown, with a text for each of its placeholders.
 */
export const TemplateFields = ({
  control,
  whatsappId,
  campaign,
  variables,
  disabled,
  readOnly,
  onChoose,
}: TemplateFieldsProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useTemplateFieldsStyles()
  const headingId = useId()
  const bodyId = useId()
  const templates = useQuery({ ...campaignQueries.templates(whatsappId), enabled: !readOnly })
  const { field, fieldState } = useController({ control, name: 'templateName' })
  const message = useFieldMessage(fieldState.error)
  const [language, body, params] = useWatch({
    control,
    name: ['templateLanguage', 'templateBody', 'templateParams'],
  })
  const name = field.value
  const selected: TemplateRef | null = name && language ? { name, language } : null
  const listed = templates.data?.templates ?? []
  const stored =
    campaign?.templateName && campaign.templateLanguage && campaign.whatsappId === whatsappId
      ? chosenFromStored(
          campaign.templateName,
          campaign.templateLanguage,
          campaign.templateBody ?? '',
        )
      : null
  // The stored template when Meta does not list it (or has not answered yet).
  const unlisted =
    stored && !listed.some((template) => sameTemplate(template, stored)) ? stored : null
  const missing =
    templates.isSuccess &&
    unlisted !== null &&
    selected !== null &&
    sameTemplate(selected, unlisted)

  const optionLabel = (template: WhatsappTemplateDto) =>
    t('template.option', {
      name: template.name,
      language: template.language,
      category: t(`template.categories.${template.category}`, { defaultValue: template.category }),
    })
  const unlistedLabel = (template: TemplateRef) =>
    t('template.storedOption', { name: template.name, language: template.language })
  const selectedListed = selected && listed.find((template) => sameTemplate(template, selected))
  const value = selectedListed
    ? optionLabel(selectedListed)
    : selected
      ? unlistedLabel(selected)
      : t('template.none')

  const hint = () => {
    if (readOnly) return undefined
    if (templates.isPending) return t('template.loading')
    if (templates.isSuccess && listed.length === 0) return t('template.empty')
    return undefined
  }

  const handleSelect = (key: string | undefined) => {
    if (!key) {
      onChoose(null)
      return
    }
    const template = listed.find((candidate) => templateKey(candidate) === key)
    if (template) onChoose(chosenFromListed(template))
    else if (unlisted && templateKey(unlisted) === key) onChoose(unlisted)
  }

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.header}>
        <Subtitle2 as="h3" id={headingId}>
          {t('template.title')}
        </Subtitle2>
        <Caption1 className={styles.hint}>{t('template.hint')}</Caption1>
      </div>
      {templates.isError && (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('template.loadError', { reason: errorMessage(templates.error) })}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => void templates.refetch()}>
              {t('actions.retry')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {missing && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('template.notListed', { name: unlisted.name })}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('template.label')} hint={hint()} validationMessage={message}>
        <Dropdown
          ref={field.ref}
          className={styles.dropdown}
          value={value}
          selectedOptions={[selected ? templateKey(selected) : '']}
          disabled={disabled}
          onOptionSelect={(_event, data) => handleSelect(data.optionValue)}
          onBlur={field.onBlur}
        >
          <Option value="">{t('template.none')}</Option>
          {listed.map((template) => (
            <Option
              key={templateKey(template)}
              value={templateKey(template)}
              text={optionLabel(template)}
            >
              {optionLabel(template)}
            </Option>
          ))}
          {unlisted && (
            <Option value={templateKey(unlisted)} text={unlistedLabel(unlisted)}>
              {unlistedLabel(unlisted)}
            </Option>
          )}
        </Dropdown>
      </Field>
      {body !== null && (
        <div className={styles.preview}>
          <Caption1 id={bodyId} className={styles.hint}>
            {t('template.body')}
          </Caption1>
          <Body1 role="note" aria-labelledby={bodyId} className={styles.bubble}>
            {body}
          </Body1>
        </div>
      )}
      {params.length > 0 && (
        <div className={styles.params}>
          <Caption1 className={styles.hint}>{t('template.paramsHint')}</Caption1>
          {params.map((_param, index) => (
            <TemplateParamField
              // The texts are the placeholders' in order: the index is each one's identity.
              key={index}
              control={control}
              index={index}
              variables={variables}
              disabled={disabled}
            />
          ))}
        </div>
      )}
    </section>
  )
}

interface TemplateParamFieldProps {
  control: Control<CampaignFormValues>
  index: number
  variables: readonly CampaignVariable[]
  disabled: boolean
}

/** The text of one placeholder (`{{1}}` …), with the campaign's variables to insert. */
const TemplateParamField = ({ control, index, variables, disabled }: TemplateParamFieldProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useTemplateFieldsStyles()
  const placeholder = `{{${index + 1}}}`
  const { field, fieldState } = useController({ control, name: `templateParams.${index}` as const })
  const message = useFieldMessage(fieldState.error)
  const caret = useCaretInsert(field.value, field.onChange)
  return (
    <div className={styles.param}>
      <Field label={t('template.param', { placeholder })} required validationMessage={message}>
        <Input
          ref={(element) => {
            caret.setElement(element)
            field.ref(element)
          }}
          name={field.name}
          value={field.value}
          disabled={disabled}
          autoComplete="off"
          onChange={(_event, data) => field.onChange(data.value)}
          onBlur={field.onBlur}
        />
      </Field>
      <VariableChips
        variables={variables}
        disabled={disabled}
        onInsert={caret.insert}
        label={t('template.paramVariables', { placeholder })}
        insertLabel={(token) => t('template.insertIn', { token, placeholder })}
      />
    </div>
  )
}
