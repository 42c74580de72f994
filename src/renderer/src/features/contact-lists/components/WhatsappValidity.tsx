import { Caption1, mergeClasses, Tooltip } from '@fluentui/react-components'
import {
  CheckmarkCircleFilled,
  DismissCircleFilled,
  QuestionCircleRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ContactListDto, WhatsappValidity } from '@shared/contracts/contact-lists'
import { useWhatsappValidityStyles } from './WhatsappValidity.styles'

type ValidityState = 'valid' | 'invalid' | 'unchecked'

const stateOf = (validity: WhatsappValidity): ValidityState => {
  if (validity === null) return 'unchecked'
  return validity ? 'valid' : 'invalid'
}

const GLYPHS = {
  valid: CheckmarkCircleFilled,
  invalid: DismissCircleFilled,
  unchecked: QuestionCircleRegular,
} as const

/** A state's picture, coloured; a shape of its own, so it reads without its colour. */
const ValidityGlyph = ({ state }: { state: ValidityState }) => {
  const styles = useWhatsappValidityStyles()
  const Glyph = GLYPHS[state]
  return <Glyph aria-hidden className={mergeClasses(styles.glyph, styles[state])} />
}

/**
 * Whether WhatsApp knows a contact's number (002 §2.5): valid, not on WhatsApp, or not checked
 * yet, told by a tooltip and to screen readers by its label.
 */
export const WhatsappValidityIcon = ({ validity }: { validity: WhatsappValidity }) => {
  const { t } = useTranslation('contactLists')
  const styles = useWhatsappValidityStyles()
  const state = stateOf(validity)
  const label = t(`items.validity.${state}`)
  return (
    <Tooltip content={label} relationship="label">
      <span role="img" className={styles.icon}>
        <ValidityGlyph state={state} />
      </span>
    </Tooltip>
  )
}

type Counts = Pick<ContactListDto, 'validCount' | 'invalidCount' | 'uncheckedCount'>

/** A list's numbers by their state with WhatsApp; the states it has none of are left out. */
export const ValiditySummary = ({ counts }: { counts: Counts }) => {
  const { t } = useTranslation('contactLists')
  const styles = useWhatsappValidityStyles()
  const parts = [
    { state: 'valid', count: counts.validCount },
    { state: 'invalid', count: counts.invalidCount },
    { state: 'unchecked', count: counts.uncheckedCount },
  ] as const
  const shown = parts.filter((part) => part.count > 0)
  if (shown.length === 0) return null
  return (
    <ul className={styles.summary} aria-label={t('validity.label')}>
      {shown.map(({ state, count }) => (
        <li key={state}>
          <Caption1 className={styles.count}>
            <ValidityGlyph state={state} />
            {t(`validity.${state}`, { count })}
          </Caption1>
        </li>
      ))}
    </ul>
  )
}
