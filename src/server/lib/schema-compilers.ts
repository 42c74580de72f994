import { AjvCompiler } from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'

type BuildSerializer = ReturnType<typeof SerializerSelector>
type Serializer = ReturnType<ReturnType<BuildSerializer>>

const buildSerializerOnce = SerializerSelector()
const serializersByOptions = new Map<string, WeakMap<object, Serializer>>()

/**
 * Fastify compiles every route's schemas each time an instance starts: about a second of CPU
 * for this API. These compilers live as long as the process, so that another instance built in
 * it (a test file may build several) reuses what the first compiled: Ajv keeps its validators
 * by schema object, and serializers are kept here the same way. Route schemas are module
 * constants, so a route hands the same object to every instance.
 */
export const sharedSchemaCompilers = {
  buildValidator: AjvCompiler(),
  buildSerializer: ((externalSchemas, options) => {
    const key = JSON.stringify({ externalSchemas, options })
    let cache = serializersByOptions.get(key)
    if (!cache) serializersByOptions.set(key, (cache = new WeakMap()))
    const compile = buildSerializerOnce(externalSchemas, options)
    return (route) => {
      const schema = route.schema as object
      let serializer = cache.get(schema)
      if (!serializer) cache.set(schema, (serializer = compile(route)))
      return serializer
    }
  }) satisfies BuildSerializer,
}
