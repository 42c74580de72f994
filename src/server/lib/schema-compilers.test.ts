import { Type } from '@sinclair/typebox'
import { expect, test } from 'vitest'
import { sharedSchemaCompilers } from './schema-compilers'

const route = { method: 'GET', url: '/things', httpStatus: '200', httpPart: 'body' }
const ajvOptions = { customOptions: { removeAdditional: 'all' as const } }

test('a schema compiled for one instance serves the next, and still validates and serializes', () => {
  const schema = Type.Object({ id: Type.Integer() })
  const serialize = sharedSchemaCompilers.buildSerializer({}, {})({ ...route, schema })
  expect(sharedSchemaCompilers.buildSerializer({}, {})({ ...route, schema })).toBe(serialize)
  expect(serialize({ id: 7, secret: 'x' })).toBe('{"id":7}')

  const validate = sharedSchemaCompilers.buildValidator({}, ajvOptions)({ ...route, schema })
  expect(sharedSchemaCompilers.buildValidator({}, ajvOptions)({ ...route, schema })).toBe(validate)
  expect(validate({ id: 'seven' })).toBe(false)
})

test('another schema gets its own serializer', () => {
  const build = sharedSchemaCompilers.buildSerializer({}, {})
  const ids = build({ ...route, schema: Type.Object({ id: Type.Integer() }) })
  const names = build({ ...route, schema: Type.Object({ name: Type.String() }) })
  expect(names).not.toBe(ids)
  expect(names({ id: 1, name: 'Ana' })).toBe('{"name":"Ana"}')
})
