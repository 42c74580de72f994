import {
  Field,
  Input,
  Option,
  Spinner,
  Subtitle2,
  Switch,
  Textarea,
} from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CompanySettingKey, CompanySettingValues } from '@shared/contracts/settings'
import { EmptyState } from '@renderer/components/EmptyState'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { useUpdateCompanySettingMutation, useUpdateSettingMutation } from '../mutations'
import {
  DOWNLOAD_LIMITS,
  GENERAL_OPTIONS,
  LGPD_OPTIONS,
  MESSAGE_OPTIONS,
  missingRequiredMessage,
  type OptionControl,
} from '../options'
import { settingsQueries } from '../queries'
import { useSettingsTabStyles } from './SettingsTab.styles'

export interface OptionsTabProps {
  companyId: number
  isSuper: boolean
}

/**
 * Every company setting as a switch, select or text (001 §3), saved one key at a time with a
 * success toast; the super user also gets the platform's sign-up and download-limit options.
 */
export const OptionsTab = ({ companyId, isSuper }: OptionsTabProps) => {
  const { t } = useTranslation('settings')
  const styles = useSettingsTabStyles()
  const settings = useQuery(settingsQueries.company(companyId))
  const update = useUpdateCompanySettingMutation(companyId)
  const [missing, setMissing] = useState<CompanySettingKey | null>(null)

  if (settings.isPending) return <Spinner label={t('loading')} />
  if (settings.isError) return <EmptyState title={t('loadError')} />
  const values: CompanySettingValues = settings.data

  const save = (key: CompanySettingKey, value: unknown) => {
    const needed = missingRequiredMessage(values, key, value)
    if (needed) {
      setMissing(needed)
      notifyError({ error: 'ERR_SETTING_MESSAGE_REQUIRED', field: t(`options.${needed}`) })
      return
    }
    setMissing(null)
    update.mutate(
      { column: key, data: value },
      { onSuccess: () => notifySuccess(t('toasts.updated')) },
    )
  }

  const renderControl = (option: OptionControl) => {
    const label = t(`options.${option.key}`)
    const value = values[option.key]
    switch (option.kind) {
      case 'switch':
      case 'boolean': {
        const checked = option.kind === 'switch' ? value === 'enabled' : value === true
        return (
          <Switch
            key={option.key}
            label={label}
            checked={checked}
            onChange={(_event, data) =>
              save(
                option.key,
                option.kind === 'switch' ? (data.checked ? 'enabled' : 'disabled') : data.checked,
              )
            }
          />
        )
      }
      case 'select':
        return (
          <Field key={option.key} label={label}>
            <Dropdown
              value={t(`choices.${option.key}.${String(value)}`)}
              selectedOptions={[String(value)]}
              onOptionSelect={(_event, data) => save(option.key, data.optionValue)}
            >
              {option.choices.map((choice) => (
                <Option key={choice} value={choice}>
                  {t(`choices.${option.key}.${choice}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )
      case 'text':
        return (
          <TextOption
            key={`${option.key}:${String(value)}`}
            label={label}
            initial={String(value)}
            multiline={option.multiline}
            invalid={missing === option.key}
            requiredText={t('validation.messageRequired')}
            onSave={(text) => save(option.key, text)}
          />
        )
    }
  }

  return (
    <div className={styles.root}>
      <section className={styles.block} aria-labelledby="settings-general">
        <Subtitle2 id="settings-general">{t('blocks.general')}</Subtitle2>
        <div className={styles.grid}>{GENERAL_OPTIONS.map(renderControl)}</div>
      </section>
      {isSuper && <PlatformOptions />}
      <section className={styles.block} aria-labelledby="settings-lgpd">
        <Subtitle2 id="settings-lgpd">{t('blocks.lgpd')}</Subtitle2>
        <div className={styles.grid}>{LGPD_OPTIONS.map(renderControl)}</div>
      </section>
      <section className={styles.block} aria-labelledby="settings-messages">
        <Subtitle2 id="settings-messages">{t('blocks.messages')}</Subtitle2>
        <div className={styles.grid}>{MESSAGE_OPTIONS.map(renderControl)}</div>
      </section>
    </div>
  )
}

interface TextOptionProps {
  label: string
  initial: string
  multiline: boolean
  invalid: boolean
  requiredText: string
  onSave: (text: string) => void
}

/** A text setting saved when it loses focus, if it changed. */
const TextOption = ({
  label,
  initial,
  multiline,
  invalid,
  requiredText,
  onSave,
}: TextOptionProps) => {
  const [text, setText] = useState(initial)
  const handleBlur = () => {
    if (text !== initial) onSave(text)
  }
  return (
    <Field
      label={label}
      validationState={invalid ? 'error' : 'none'}
      validationMessage={invalid ? requiredText : undefined}
    >
      {multiline ? (
        <Textarea value={text} onChange={(_e, data) => setText(data.value)} onBlur={handleBlur} />
      ) : (
        <Input value={text} onChange={(_e, data) => setText(data.value)} onBlur={handleBlur} />
      )}
    </Field>
  )
}

/** userCreation and downloadLimit: platform-wide, the super user's (001 §6). */
const PlatformOptions = () => {
  const { t } = useTranslation('settings')
  const styles = useSettingsTabStyles()
  const settings = useQuery(settingsQueries.platform())
  const update = useUpdateSettingMutation()
  const valueOf = (key: string) => settings.data?.find((setting) => setting.key === key)?.value
  const save = (key: string, value: string) =>
    update.mutate({ key, value }, { onSuccess: () => notifySuccess(t('toasts.updated')) })

  if (!settings.data) return null
  const limit = valueOf('downloadLimit') ?? '64'
  return (
    <section className={styles.block} aria-labelledby="settings-platform">
      <Subtitle2 id="settings-platform">{t('blocks.platform')}</Subtitle2>
      <div className={styles.grid}>
        <Switch
          label={t('options.userCreation')}
          checked={valueOf('userCreation') !== 'disabled'}
          onChange={(_event, data) => save('userCreation', data.checked ? 'enabled' : 'disabled')}
        />
        <Field label={t('options.downloadLimit')}>
          <Dropdown
            value={t('choices.downloadLimit', { mb: limit })}
            selectedOptions={[limit]}
            onOptionSelect={(_event, data) =>
              data.optionValue && save('downloadLimit', data.optionValue)
            }
          >
            {DOWNLOAD_LIMITS.map((mb) => (
              <Option key={mb} value={mb} text={t('choices.downloadLimit', { mb })}>
                {t('choices.downloadLimit', { mb })}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
    </section>
  )
}
