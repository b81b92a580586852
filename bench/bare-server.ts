import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

// The yardstick of bench/http.ts: a bare node:http server that answers every request with the same bytes
// and Content-Type the app answered with. Usage: node bench/bare-server.ts <port> <body file> <content type>
const [port = '0', bodyFile = '', contentType = 'application/json'] = process.argv.slice(2)
const body = readFileSync(bodyFile)

createServer((request, response) => {
  request.resume()
  response.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length })
  response.end(body)
}).listen(Number(port), '127.0.0.1', () => console.info(`bare server on ${port}`))
