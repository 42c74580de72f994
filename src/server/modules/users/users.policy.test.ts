import { describe, expect, test } from 'vitest'
import {
  PROFILE_GUARDED_USER_FIELDS,
  QUEUE_GUARDED_USER_FIELDS,
  type PermissionSubject,
} from '@shared/permissions'
import { userPolicy } from './users.policy'

/** User 1, a profile user with no switch on. */
const actor = (overrides: Partial<PermissionSubject> = {}): PermissionSubject & { id: number } => ({
  id: 1,
  profile: 'user',
  super: false,
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  ...overrides,
})

const actors = {
  'a user': actor(),
  'a user with every switch on': actor({
    allTicket: 'enable',
    allowGroup: true,
    allHistoric: 'enabled',
    allUserChat: 'enabled',
    userClosePendingTicket: 'enabled',
    showDashboard: 'enabled',
    allowRealTime: 'enabled',
    allowConnections: 'enabled',
  }),
  'an admin': actor({ profile: 'admin' }),
  'a super user': actor({ super: true }),
}

const targets = { himself: 1, 'a colleague': 2 }

/** `rights` names what the row allows, space-separated; `-` for nothing. */
const allows = (rights: string, right: string) => rights.split(' ').includes(right)

describe('userPolicy: view, edit and manage users', () => {
  const rows: [keyof typeof actors, keyof typeof targets, string][] = [
    ['a user', 'himself', 'view edit'],
    ['a user', 'a colleague', '-'],
    ['a user with every switch on', 'himself', 'view edit'],
    ['a user with every switch on', 'a colleague', '-'],
    ['an admin', 'a colleague', 'view edit manage'],
    ['a super user', 'a colleague', 'view edit manage'],
  ]
  test.each(rows)('%s, on %s: %s', (who, on, rights) => {
    const [subject, target] = [actors[who], targets[on]]
    expect({
      view: userPolicy.view(subject, target),
      edit: userPolicy.edit(subject, target),
      manage: userPolicy.manage(subject),
    }).toEqual({
      view: allows(rights, 'view'),
      edit: allows(rights, 'edit'),
      manage: allows(rights, 'manage'),
    })
  })
})

describe('userPolicy: fields one may not change', () => {
  const everyGuarded = [...PROFILE_GUARDED_USER_FIELDS, ...QUEUE_GUARDED_USER_FIELDS]
  const rows: [keyof typeof actors, readonly string[]][] = [
    ['a user', everyGuarded],
    ['a user with every switch on', everyGuarded],
    ['an admin', []],
    ['a super user', []],
  ]
  test.each(rows)('%s', (who, guarded) => {
    expect(userPolicy.guardedFields(actors[who])).toEqual(guarded)
  })
})
