/** A new account leaves out blank optional fields rather than sending empty strings the service would refuse. */
export const withoutBlanks = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== null && value !== undefined));
