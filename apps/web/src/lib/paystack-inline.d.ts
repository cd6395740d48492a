/** Types for the parts of @paystack/inline-js we use (the package ships none). */
declare module '@paystack/inline-js' {
  export interface PaystackCallbacks {
    onSuccess?: (transaction: { id: number; reference: string; message: string }) => void;
    onCancel?: () => void;
    onError?: (error: { message: string }) => void;
    onLoad?: (response: { id: number; accessCode: string }) => void;
  }
  export default class PaystackPop {
    resumeTransaction(accessCode: string, callbacks?: PaystackCallbacks): unknown;
    cancelTransaction(idOrTransaction: unknown): void;
  }
}
