/** An address of the form `someone@somewhere.tld`, at most 254 characters (RFC 5321). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const isEmailAddress = (text: string): boolean => text.length <= 254 && EMAIL.test(text)
