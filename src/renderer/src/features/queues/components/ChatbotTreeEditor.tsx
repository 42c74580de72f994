import {
  Button,
  Caption1,
  Field,
  Input,
  Link,
  Option,
  Subtitle2,
  Switch,
  Textarea,
  Tooltip,
} from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import {
  AddRegular,
  ArrowDownRegular,
  ArrowUpRegular,
  DeleteRegular,
  TextBulletListAddRegular,
} from '@fluentui/react-icons'
import { useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { CHATBOT_TYPES, type ChatbotType } from '@shared/contracts/queues'
import { routeLink } from '@shared/navigation'
import {
  addChild,
  addSibling,
  canHaveChildren,
  moveNode,
  newChatbotNode,
  nodeProblems,
  removeNode,
  updateNode,
  type ChatbotNode,
  type ChatbotProblem,
} from '../forms/chatbot-tree'
import { useChatbotTreeEditorStyles } from './ChatbotTreeEditor.styles'

export interface PickerItem {
  id: number
  name: string
}

export interface ChatbotTreeEditorProps {
  value: ChatbotNode[]
  onChange: (value: ChatbotNode[]) => void
  /** Queues an option may send to (the company's). */
  queues: PickerItem[]
  /** Attendants an option may hand over to (GET /users/list). */
  users: PickerItem[]
  /** The plan offers integrations: only then may an option be of type integration. */
  useIntegrations: boolean
  /** Integrations an option may hand the conversation to (the company's, never a flow). */
  integrations: PickerItem[]
  /** File lists an option may send (the company's). */
  fileLists: PickerItem[]
  /** The file lists are still being read. */
  fileListsLoading?: boolean
  /** After a save attempt every problem shows, not only those of fields already left. */
  showAllErrors: boolean
  disabled?: boolean
}

type Field = ChatbotProblem['field']

/**
 * The chatbot option tree of a queue (001 §2 Queues screen): nested options, each added as a
 * child or a sibling, moved, deleted, with the fields its type needs. A text option with
 * children asks for the message that leads to them as soon as the rule is broken.
 */
export const ChatbotTreeEditor = (props: ChatbotTreeEditorProps) => {
  const { t } = useTranslation('queues')
  const styles = useChatbotTreeEditorStyles()
  const { value, onChange, disabled = false } = props
  // Fields the user has left, by option key: their problems show from then on.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const touch = (key: string, field: Field) =>
    setTouched((current) => new Set(current).add(`${key}.${field}`))

  return (
    <section className={styles.root} aria-label={t('chatbot.title')}>
      <div className={styles.header}>
        <Subtitle2 as="h3">{t('chatbot.title')}</Subtitle2>
        <Button
          icon={<AddRegular />}
          disabled={disabled}
          onClick={() => onChange([...value, newChatbotNode()])}
        >
          {t('chatbot.addOption')}
        </Button>
      </div>
      {value.length === 0 ? (
        <Caption1 className={styles.hint}>{t('chatbot.empty')}</Caption1>
      ) : (
        <ul className={styles.list}>
          {value.map((node, index) => (
            <ChatbotOptionItem
              key={node.key}
              {...props}
              node={node}
              level={1}
              path={String(index + 1)}
              index={index}
              siblings={value.length}
              touched={touched}
              onTouch={touch}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

interface ItemProps extends ChatbotTreeEditorProps {
  node: ChatbotNode
  level: number
  /** "1.2": where the option is, as the bot would number it. */
  path: string
  index: number
  siblings: number
  touched: ReadonlySet<string>
  onTouch: (key: string, field: Field) => void
}

const ChatbotOptionItem = (props: ItemProps) => {
  const { t } = useTranslation('queues')
  const styles = useChatbotTreeEditorStyles()
  const { node, level, path, index, siblings, value, onChange, touched, onTouch } = props
  const { queues, users, useIntegrations, integrations, fileLists, showAllErrors } = props
  const { fileListsLoading = false, disabled = false } = props

  const problems = nodeProblems(node)
  const problemOf = (field: Field) => {
    const problem = problems.find((candidate) => candidate.field === field)
    if (!problem) return undefined
    // Breaking the "message to continue" rule is shown at once: it is caused by adding a child.
    const visible =
      showAllErrors || field === 'greetingMessage' || touched.has(`${node.key}.${field}`)
    return visible ? t(problem.message) : undefined
  }
  const change = (changes: Parameters<typeof updateNode>[2]) =>
    onChange(updateNode(value, node.key, changes))
  const label = t('chatbot.optionLabel', { path })

  const types = CHATBOT_TYPES.filter(
    (type) => type !== 'integration' || useIntegrations || node.queueType === 'integration',
  )
  const handleType = (type: ChatbotType) =>
    change({
      queueType: type,
      // Targets of another type would be stored without meaning; they start over.
      optQueueId: type === 'queue' || type === 'attendent' ? node.optQueueId : null,
      optUserId: type === 'attendent' ? node.optUserId : null,
      optIntegrationId: type === 'integration' ? node.optIntegrationId : null,
      optFileId: type === 'file' ? node.optFileId : null,
    })

  const tool = (name: string, icon: ReactElement, onClick: () => void, off = false) => (
    <Tooltip content={name} relationship="label">
      <Button
        appearance="subtle"
        size="small"
        icon={icon}
        disabled={disabled || off}
        onClick={onClick}
      />
    </Tooltip>
  )

  return (
    <li className={styles.option} role="group" aria-label={label}>
      <div className={styles.optionHead}>
        <Caption1 className={styles.level}>{label}</Caption1>
        <div className={styles.tools}>
          {tool(
            t('chatbot.moveUp'),
            <ArrowUpRegular />,
            () => onChange(moveNode(value, node.key, -1)),
            index === 0,
          )}
          {tool(
            t('chatbot.moveDown'),
            <ArrowDownRegular />,
            () => onChange(moveNode(value, node.key, 1)),
            index === siblings - 1,
          )}
          {tool(
            t('chatbot.addChild'),
            <TextBulletListAddRegular />,
            () => onChange(addChild(value, node.key)),
            !canHaveChildren(level),
          )}
          {tool(t('chatbot.addSibling'), <AddRegular />, () =>
            onChange(addSibling(value, node.key)),
          )}
          {tool(t('chatbot.remove'), <DeleteRegular />, () =>
            onChange(removeNode(value, node.key)),
          )}
        </div>
      </div>
      <div className={styles.fields}>
        <Field label={t('chatbot.name')} required validationMessage={problemOf('name')}>
          <Input
            value={node.name}
            disabled={disabled}
            onChange={(_event, data) => change({ name: data.value })}
            onBlur={() => onTouch(node.key, 'name')}
          />
        </Field>
        <Field label={t('chatbot.type')}>
          <Dropdown
            value={t(`chatbot.types.${node.queueType}`)}
            selectedOptions={[node.queueType]}
            disabled={disabled}
            onOptionSelect={(_event, data) => {
              const type = types.find((candidate) => candidate === data.optionValue)
              if (type) handleType(type)
            }}
          >
            {types.map((type) => (
              <Option key={type} value={type}>
                {t(`chatbot.types.${type}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {(node.queueType === 'queue' || node.queueType === 'attendent') && (
          <Field label={t('chatbot.queue')} required validationMessage={problemOf('optQueueId')}>
            <IdPicker
              items={queues}
              selected={node.optQueueId}
              disabled={disabled}
              placeholder={t('chatbot.chooseQueue')}
              onSelect={(id) => change({ optQueueId: id })}
              onBlur={() => onTouch(node.key, 'optQueueId')}
            />
          </Field>
        )}
        {node.queueType === 'attendent' && (
          <Field label={t('chatbot.user')} required validationMessage={problemOf('optUserId')}>
            <IdPicker
              items={users}
              selected={node.optUserId}
              disabled={disabled}
              placeholder={t('chatbot.chooseUser')}
              onSelect={(id) => change({ optUserId: id })}
              onBlur={() => onTouch(node.key, 'optUserId')}
            />
          </Field>
        )}
        {node.queueType === 'integration' && (
          <Field
            label={t('chatbot.integration')}
            required
            validationMessage={problemOf('optIntegrationId')}
            hint={
              useIntegrations && integrations.length === 0 ? (
                <Link href={`#${routeLink('queueIntegration')}`}>
                  {t('chatbot.noIntegrations')}
                </Link>
              ) : undefined
            }
          >
            <IdPicker
              items={integrations}
              selected={node.optIntegrationId}
              disabled={disabled}
              placeholder={t('chatbot.chooseIntegration')}
              storedLabel={(id) => t('fields.storedIntegration', { id })}
              onSelect={(id) => change({ optIntegrationId: id })}
              onBlur={() => onTouch(node.key, 'optIntegrationId')}
            />
          </Field>
        )}
        {node.queueType === 'file' && (
          <Field
            label={t('chatbot.file')}
            required
            validationMessage={problemOf('optFileId')}
            hint={
              fileListsLoading ? (
                t('fields.fileListsLoading')
              ) : fileLists.length === 0 ? (
                <Link href={`#${routeLink('files')}`}>{t('fields.noFileLists')}</Link>
              ) : undefined
            }
          >
            <IdPicker
              items={fileLists}
              selected={node.optFileId}
              disabled={disabled}
              placeholder={t('chatbot.chooseFileList')}
              storedLabel={(id) => t('fields.storedFileList', { id })}
              onSelect={(id) => change({ optFileId: id })}
              onBlur={() => onTouch(node.key, 'optFileId')}
            />
          </Field>
        )}
        <Field
          className={styles.wide}
          label={t('chatbot.message')}
          hint={node.queueType === 'text' ? t('chatbot.messageHint') : undefined}
          validationMessage={problemOf('greetingMessage')}
        >
          <Textarea
            value={node.greetingMessage}
            disabled={disabled}
            resize="vertical"
            onChange={(_event, data) => change({ greetingMessage: data.value })}
          />
        </Field>
        <Switch
          label={t('chatbot.closeTicket')}
          checked={node.closeTicket}
          disabled={disabled}
          onChange={(_event, data) => change({ closeTicket: data.checked })}
        />
      </div>
      {node.options.length > 0 && (
        <ul className={styles.children}>
          {node.options.map((child, childIndex) => (
            <ChatbotOptionItem
              key={child.key}
              {...props}
              node={child}
              level={level + 1}
              path={`${path}.${childIndex + 1}`}
              index={childIndex}
              siblings={node.options.length}
            />
          ))}
        </ul>
      )}
    </li>
  )
}

interface IdPickerProps {
  items: PickerItem[]
  selected: number | null
  placeholder: string
  disabled: boolean
  /** How a stored id that is not (or not yet) listed reads; blank without. */
  storedLabel?: (id: number) => string
  onSelect: (id: number) => void
  onBlur: () => void
}

/**
 * One of the company's queues, users, integrations or file lists; a stored id no longer listed
 * still shows as chosen.
 */
const IdPicker = ({
  items,
  selected,
  placeholder,
  disabled,
  storedLabel,
  onSelect,
  onBlur,
}: IdPickerProps) => (
  <Dropdown
    placeholder={placeholder}
    value={
      items.find((item) => item.id === selected)?.name ??
      (selected !== null && storedLabel ? storedLabel(selected) : '')
    }
    selectedOptions={selected === null ? [] : [String(selected)]}
    disabled={disabled}
    onOptionSelect={(_event, data) => {
      if (data.optionValue) onSelect(Number(data.optionValue))
    }}
    onBlur={onBlur}
  >
    {items.map((item) => (
      <Option key={item.id} value={String(item.id)}>
        {item.name}
      </Option>
    ))}
  </Dropdown>
)
