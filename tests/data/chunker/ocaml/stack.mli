(** A mutable stack with a maximum size. *)

exception Full of int

type 'a t

val create : int -> 'a t
(** [create n] makes an empty stack holding at most [n] items. *)

val push : 'a t -> 'a -> unit
val pop : 'a t -> 'a option
