import { useEffect } from "react";
import { Slide, ToastContainer, toast } from "react-toastify";
import type { FlashToast } from "~/lib/flash.server";

/** Spec §9: top-center, 3000 ms, no progress bar, slide, dark. */
export function Toaster() {
  return <ToastContainer position="top-center" autoClose={3000} hideProgressBar transition={Slide} theme="dark" />;
}

export function showToast(value: FlashToast) {
  toast(value.message, { type: value.type, toastId: `${value.type}:${value.message}` });
}

/** Shows the toast that arrived through the flash cookie (after a redirect). */
export function FlashToastView({ value }: { value: FlashToast | null }) {
  useEffect(() => {
    if (value) showToast(value);
  }, [value]);
  return null;
}

export const OFFLINE_MESSAGE = "You've gone offline";
export const ONLINE_MESSAGE = "You are back online";

/** Spec §4 and §9: connectivity toasts, 5000 ms, coloured theme. */
export function ConnectivityToasts() {
  useEffect(() => {
    const offline = () => toast.warning(OFFLINE_MESSAGE, { autoClose: 5000, theme: "colored", toastId: "offline" });
    const online = () => {
      toast.dismiss("offline");
      toast.success(ONLINE_MESSAGE, { autoClose: 5000, theme: "colored", toastId: "online" });
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);
  return null;
}
