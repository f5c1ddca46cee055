// Prints a new VAPID key pair for Web Push (docs/decisions/065-web-push.md): the public key goes into
// wrangler.toml's VAPID_PUBLIC_KEY, the private one into a secret (`npx wrangler secret put VAPID_PRIVATE_KEY`).
const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])
const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url')
const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey)
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${d}`)
