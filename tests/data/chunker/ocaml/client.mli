(** A client over an IO module. *)

module IO : Client_io.S
module Body = Client_body

module Make (Net : Client_io.NET) : Client_io.S with type conn = Net.conn

(** Sends the request and reads the response. *)
val call : ?port:int -> string -> string -> string IO.t

module Retry : sig
  val attempts : int
  val delay : float
end

val default_port : int
