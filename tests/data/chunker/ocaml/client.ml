(* A client over an IO module: operators, values, module aliases. *)

module IO = Client_io
module Body = Client_body.Make (IO)

let ( >>= ) = IO.( >>= )
let default_port = 80

(** Sends the request and reads the response. *)
let call ?(port = default_port) host path =
  IO.connect host port >>= fun conn ->
  IO.write conn path >>= fun () -> Body.read conn
