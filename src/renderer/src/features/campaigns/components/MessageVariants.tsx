import {
  Body1,
  Caption1,
  Field,
  mergeClasses,
  Subtitle2,
  Tab,
  TabList,
  Text,
  Textarea,
} from '@fluentui/react-components'
import { ErrorCircleRegular } from '@fluentui/react-icons'
import { useId, useState } from 'react'
import { useController, useFormState, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  CAMPAIGN_MESSAGE_MAX,
  type CampaignVariable,
  type MessageField,
} from '@shared/contracts/campaigns'
import { renderCampaignVariables } from '@shared/contracts/campaigns-rules'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import type { CampaignFormValues } from '../forms/campaign-schema'
import { useCaretInsert } from '../hooks/useCaretInsert'
import { useMessageVariantsStyles } from './MessageVariants.styles'
import { VariableChips } from './VariableChips'

/** The sample contact's number in the preview, as a list stores numbers (digits). */
const SAMPLE_NUMBER = '5511987654321'

export interface MessageVariantsProps {
  control: Control<CampaignFormValues>
  /** The five fields of the group: the message's or the confirmation's variants. */
  fields: readonly MessageField[]
  kind: 'message' | 'confirmation'
  /** The company's custom variables (campaign settings), offered after the built-in ones. */
  variables: readonly CampaignVariable[]
  disabled: boolean
}

/**
 * Five variants of one text (002 §9), one tab each ("Mensagem 1…5"): each is a text area with
 * the variables as chips that insert themselves at the caret, and the selected variant is
 * previewed as a sample contact would receive it. A variant's error in another tab is named
 * above the tabs, and its tab marked.
 */
export const MessageVariants = ({
  control,
  fields,
  kind,
  variables,
  disabled,
}: MessageVariantsProps) => {
  const { t } = useTranslation('campaigns')
  const styles = useMessageVariantsStyles()
  const headingId = useId()
  const tabIds = useId()
  const [selected, setSelected] = useState(0)
  const texts = useWatch({ control, name: [...fields] })
  const { errors } = useFormState({ control, name: [...fields] })
  const tabLabel = (index: number) => t(`variants.${kind}Tab`, { number: index + 1 })
  const erroredIndex = fields.findIndex((field, index) => index !== selected && errors[field])
  const otherError = useFieldMessage(erroredIndex >= 0 ? errors[fields[erroredIndex]!] : undefined)
  const field = fields[selected] ?? fields[0]!
  const sample = {
    name: t('preview.sampleName'),
    number: SAMPLE_NUMBER,
    email: t('preview.sampleEmail'),
  }
  const preview = renderCampaignVariables(texts[selected] ?? '', sample, variables)

  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.header}>
        <Subtitle2 as="h3" id={headingId}>
          {t(`variants.${kind}Title`)}
        </Subtitle2>
        <Caption1 className={styles.hint}>{t(`variants.${kind}Hint`)}</Caption1>
      </div>
      {otherError && (
        <Text role="alert" className={styles.error}>
          {t('variants.errorIn', { tab: tabLabel(erroredIndex), message: otherError })}
        </Text>
      )}
      <TabList
        className={styles.tabs}
        size="small"
        selectedValue={String(selected)}
        onTabSelect={(_event, data) => setSelected(Number(data.value))}
      >
        {fields.map((name, index) => (
          <Tab
            key={name}
            id={`${tabIds}-${index}`}
            value={String(index)}
            icon={errors[name] ? <ErrorCircleRegular className={styles.errorIcon} /> : undefined}
          >
            {tabLabel(index)}
            {(texts[index] ?? '').trim() !== '' && <span className={styles.filled} aria-hidden />}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-labelledby={`${tabIds}-${selected}`} className={styles.panel}>
        <VariantEditor
          key={field}
          control={control}
          name={field}
          label={tabLabel(selected)}
          variables={variables}
          disabled={disabled}
        />
        <div className={styles.preview}>
          <Caption1 className={styles.hint}>
            {t('preview.title', { variant: tabLabel(selected), name: sample.name })}
          </Caption1>
          <Body1 className={mergeClasses(styles.bubble, preview.trim() === '' && styles.empty)}>
            {preview.trim() === '' ? t('preview.empty') : preview}
          </Body1>
        </div>
      </div>
    </section>
  )
}

interface VariantEditorProps {
  control: Control<CampaignFormValues>
  name: MessageField
  label: string
  variables: readonly CampaignVariable[]
  disabled: boolean
}

/** One variant's text area and its variable chips. */
const VariantEditor = ({ control, name, label, variables, disabled }: VariantEditorProps) => {
  const { t } = useTranslation('campaigns')
  const { field, fieldState } = useController({ control, name })
  const message = useFieldMessage(fieldState.error)
  const value = field.value
  const caret = useCaretInsert(value, field.onChange)

  return (
    <>
      <Field
        label={label}
        hint={t('variants.length', { used: value.length, max: CAMPAIGN_MESSAGE_MAX })}
        validationMessage={message}
      >
        <Textarea
          ref={(element) => {
            caret.setElement(element)
            field.ref(element)
          }}
          name={field.name}
          value={value}
          rows={5}
          resize="vertical"
          disabled={disabled}
          onChange={(_event, data) => field.onChange(data.value)}
          onBlur={field.onBlur}
        />
      </Field>
      <VariableChips variables={variables} disabled={disabled} onInsert={caret.insert} />
    </>
  )
}
