// proxy-addr 2.0 (Express's own): the parts the server uses. It ships no types.
declare module "proxy-addr" {
  import type { IncomingMessage } from "node:http";
  type Trust = (address: string, hop: number) => boolean;
  function proxyaddr(req: Pick<IncomingMessage, "headers" | "socket">, trust: Trust): string;
  namespace proxyaddr {
    function compile(value: string | string[]): Trust;
  }
  export default proxyaddr;
}
