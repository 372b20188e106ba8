export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      ai_prices: {
        Row: {
          aliases: string[]
          cache_write_per_million: number | null
          cached_input_per_million: number | null
          checked_on: string
          effective_from: string | null
          effective_until: string | null
          id: number
          input_per_million: number
          kind: string
          long_context: Json | null
          model: string
          note: string | null
          output_per_million: number
          per_image: number | null
          per_search: number | null
          provider: string
          source_date: string | null
          source_kind: string
          source_url: string
        }
        Insert: {
          aliases?: string[]
          cache_write_per_million?: number | null
          cached_input_per_million?: number | null
          checked_on: string
          effective_from?: string | null
          effective_until?: string | null
          id?: never
          input_per_million: number
          kind: string
          long_context?: Json | null
          model: string
          note?: string | null
          output_per_million: number
          per_image?: number | null
          per_search?: number | null
          provider: string
          source_date?: string | null
          source_kind: string
          source_url: string
        }
        Update: {
          aliases?: string[]
          cache_write_per_million?: number | null
          cached_input_per_million?: number | null
          checked_on?: string
          effective_from?: string | null
          effective_until?: string | null
          id?: never
          input_per_million?: number
          kind?: string
          long_context?: Json | null
          model?: string
          note?: string | null
          output_per_million?: number
          per_image?: number | null
          per_search?: number | null
          provider?: string
          source_date?: string | null
          source_kind?: string
          source_url?: string
        }
        Relationships: []
      }
      contact_messages: {
        Row: {
          created_at: string
          email: string
          id: string
          message: string
          name: string
          subject: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
          message: string
          name: string
          subject: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          message?: string
          name?: string
          subject?: string
          user_id?: string | null
        }
        Relationships: []
      }
      conversation_messages: {
        Row: {
          content: string
          conversation_id: string
          created_at: string
          error_message: string | null
          id: string
          image_paths: string[]
          model: string | null
          position: number
          provider: string | null
          role: string
          status: string | null
          user_id: string
          web_sources: Json | null
        }
        Insert: {
          content: string
          conversation_id: string
          created_at?: string
          error_message?: string | null
          id?: string
          image_paths?: string[]
          model?: string | null
          position: number
          provider?: string | null
          role: string
          status?: string | null
          user_id?: string
          web_sources?: Json | null
        }
        Update: {
          content?: string
          conversation_id?: string
          created_at?: string
          error_message?: string | null
          id?: string
          image_paths?: string[]
          model?: string | null
          position?: number
          provider?: string | null
          role?: string
          status?: string | null
          user_id?: string
          web_sources?: Json | null
        }
        Relationships: [
          {
            foreignKeyName: "conversation_messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
        ]
      }
      conversations: {
        Row: {
          context: Json
          created_at: string
          free_prompt_id: string | null
          id: string
          model: string | null
          prompt_id: string | null
          prompt_run_id: string | null
          provider: string
          source: string
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          context?: Json
          created_at?: string
          free_prompt_id?: string | null
          id?: string
          model?: string | null
          prompt_id?: string | null
          prompt_run_id?: string | null
          provider: string
          source?: string
          title: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          context?: Json
          created_at?: string
          free_prompt_id?: string | null
          id?: string
          model?: string | null
          prompt_id?: string | null
          prompt_run_id?: string | null
          provider?: string
          source?: string
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "conversations_free_prompt_id_fkey"
            columns: ["free_prompt_id"]
            isOneToOne: false
            referencedRelation: "free_prompts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_prompt_id_fkey"
            columns: ["prompt_id"]
            isOneToOne: false
            referencedRelation: "saved_prompts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_prompt_run_id_fkey"
            columns: ["prompt_run_id"]
            isOneToOne: false
            referencedRelation: "prompt_runs"
            referencedColumns: ["id"]
          },
        ]
      }
      document_folders: {
        Row: {
          created_at: string
          id: string
          name: string
          parent_folder_id: string | null
          sort_name: string
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          name: string
          parent_folder_id?: string | null
          sort_name?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          name?: string
          parent_folder_id?: string | null
          sort_name?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "document_folders_parent_folder_id_fkey"
            columns: ["parent_folder_id"]
            isOneToOne: false
            referencedRelation: "document_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      feature_requests: {
        Row: {
          created_at: string
          feature: string
          id: string
          notified_at: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          feature: string
          id?: string
          notified_at?: string | null
          user_id?: string
        }
        Update: {
          created_at?: string
          feature?: string
          id?: string
          notified_at?: string | null
          user_id?: string
        }
        Relationships: []
      }
      feature_status: {
        Row: {
          feature: string
          shipped_at: string | null
          shipped_by: string | null
          updated_at: string
        }
        Insert: {
          feature: string
          shipped_at?: string | null
          shipped_by?: string | null
          updated_at?: string
        }
        Update: {
          feature?: string
          shipped_at?: string | null
          shipped_by?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      free_prompt_categories: {
        Row: {
          description: string
          id: string
          name: string
          sort_order: number
        }
        Insert: {
          description?: string
          id: string
          name: string
          sort_order?: number
        }
        Update: {
          description?: string
          id?: string
          name?: string
          sort_order?: number
        }
        Relationships: []
      }
      free_prompt_premium_texts: {
        Row: {
          prompt_id: string
          prompt_text: string
        }
        Insert: {
          prompt_id: string
          prompt_text: string
        }
        Update: {
          prompt_id?: string
          prompt_text?: string
        }
        Relationships: [
          {
            foreignKeyName: "free_prompt_premium_texts_prompt_id_fkey"
            columns: ["prompt_id"]
            isOneToOne: true
            referencedRelation: "free_prompts"
            referencedColumns: ["id"]
          },
        ]
      }
      free_prompts: {
        Row: {
          category_id: string
          id: string
          is_premium: boolean
          llm_provider: string
          name: string
          prompt_text: string
          questions: Json
          sort_order: number
          template_id: string | null
        }
        Insert: {
          category_id: string
          id: string
          is_premium?: boolean
          llm_provider?: string
          name: string
          prompt_text: string
          questions?: Json
          sort_order?: number
          template_id?: string | null
        }
        Update: {
          category_id?: string
          id?: string
          is_premium?: boolean
          llm_provider?: string
          name?: string
          prompt_text?: string
          questions?: Json
          sort_order?: number
          template_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "free_prompts_category_id_fkey"
            columns: ["category_id"]
            isOneToOne: false
            referencedRelation: "free_prompt_categories"
            referencedColumns: ["id"]
          },
        ]
      }
      generated_documents: {
        Row: {
          content: string
          created_at: string
          download_count: number
          file_url: string | null
          folder_id: string | null
          format: string
          id: string
          is_digital_product: boolean
          max_downloads: number | null
          name: string
          price: number | null
          product_summary: string | null
          product_type: string
          sort_name: string
          stripe_price_id: string | null
          template_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          content: string
          created_at?: string
          download_count?: number
          file_url?: string | null
          folder_id?: string | null
          format?: string
          id?: string
          is_digital_product?: boolean
          max_downloads?: number | null
          name: string
          price?: number | null
          product_summary?: string | null
          product_type?: string
          sort_name?: string
          stripe_price_id?: string | null
          template_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          content?: string
          created_at?: string
          download_count?: number
          file_url?: string | null
          folder_id?: string | null
          format?: string
          id?: string
          is_digital_product?: boolean
          max_downloads?: number | null
          name?: string
          price?: number | null
          product_summary?: string | null
          product_type?: string
          sort_name?: string
          stripe_price_id?: string | null
          template_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "generated_documents_folder_id_fkey"
            columns: ["folder_id"]
            isOneToOne: false
            referencedRelation: "document_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      generated_images: {
        Row: {
          created_at: string
          file_path: string
          file_size: number
          height: number
          id: string
          mime_type: string
          model: string
          offer_id: string | null
          pitch_deck_id: string | null
          prompt: string
          provider: string
          purpose: string
          user_id: string
          width: number
        }
        Insert: {
          created_at?: string
          file_path: string
          file_size: number
          height: number
          id?: string
          mime_type: string
          model: string
          offer_id?: string | null
          pitch_deck_id?: string | null
          prompt: string
          provider: string
          purpose?: string
          user_id?: string
          width: number
        }
        Update: {
          created_at?: string
          file_path?: string
          file_size?: number
          height?: number
          id?: string
          mime_type?: string
          model?: string
          offer_id?: string | null
          pitch_deck_id?: string | null
          prompt?: string
          provider?: string
          purpose?: string
          user_id?: string
          width?: number
        }
        Relationships: [
          {
            foreignKeyName: "generated_images_offer_id_fkey"
            columns: ["offer_id"]
            isOneToOne: false
            referencedRelation: "offers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "generated_images_pitch_deck_id_fkey"
            columns: ["pitch_deck_id"]
            isOneToOne: false
            referencedRelation: "pitch_decks"
            referencedColumns: ["id"]
          },
        ]
      }
      generation_reservations: {
        Row: {
          created_at: string
          expires_at: string
          id: string
          month: string
          user_id: string
        }
        Insert: {
          created_at?: string
          expires_at?: string
          id?: string
          month: string
          user_id?: string
        }
        Update: {
          created_at?: string
          expires_at?: string
          id?: string
          month?: string
          user_id?: string
        }
        Relationships: []
      }
      getting_started: {
        Row: {
          dismissed_at: string | null
          extension_connected_at: string | null
          first_visit_at: string
          user_id: string
        }
        Insert: {
          dismissed_at?: string | null
          extension_connected_at?: string | null
          first_visit_at?: string
          user_id?: string
        }
        Update: {
          dismissed_at?: string | null
          extension_connected_at?: string | null
          first_visit_at?: string
          user_id?: string
        }
        Relationships: []
      }
      kb_chunks: {
        Row: {
          content: string
          document_id: string
          embedding: number[] | null
          embedding_model: string | null
          folder_id: string | null
          heading: string
          id: string
          position: number
          tsv: unknown
          user_id: string
        }
        Insert: {
          content: string
          document_id: string
          embedding?: number[] | null
          embedding_model?: string | null
          folder_id?: string | null
          heading: string
          id?: string
          position: number
          tsv?: unknown
          user_id: string
        }
        Update: {
          content?: string
          document_id?: string
          embedding?: number[] | null
          embedding_model?: string | null
          folder_id?: string | null
          heading?: string
          id?: string
          position?: number
          tsv?: unknown
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "kb_chunks_document_id_fkey"
            columns: ["document_id"]
            isOneToOne: false
            referencedRelation: "kb_documents"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "kb_chunks_folder_id_fkey"
            columns: ["folder_id"]
            isOneToOne: false
            referencedRelation: "kb_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      kb_documents: {
        Row: {
          content: string
          created_at: string
          file_path: string | null
          file_size: number | null
          folder_id: string | null
          id: string
          name: string
          source: string | null
          type: string
          updated_at: string
          user_id: string
        }
        Insert: {
          content: string
          created_at?: string
          file_path?: string | null
          file_size?: number | null
          folder_id?: string | null
          id?: string
          name: string
          source?: string | null
          type: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          content?: string
          created_at?: string
          file_path?: string | null
          file_size?: number | null
          folder_id?: string | null
          id?: string
          name?: string
          source?: string | null
          type?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "kb_documents_folder_id_fkey"
            columns: ["folder_id"]
            isOneToOne: false
            referencedRelation: "kb_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      kb_folders: {
        Row: {
          created_at: string
          id: string
          name: string
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          name: string
          user_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          name?: string
          user_id?: string
        }
        Relationships: []
      }
      kb_settings: {
        Row: {
          selected_folder_id: string | null
          selection: string
          updated_at: string
          user_id: string
        }
        Insert: {
          selected_folder_id?: string | null
          selection?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          selected_folder_id?: string | null
          selection?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "kb_settings_selected_folder_id_fkey"
            columns: ["selected_folder_id"]
            isOneToOne: false
            referencedRelation: "kb_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      monitoring_alerts: {
        Row: {
          kind: string
          last_sent_at: string
          recipient: string
        }
        Insert: {
          kind: string
          last_sent_at: string
          recipient: string
        }
        Update: {
          kind?: string
          last_sent_at?: string
          recipient?: string
        }
        Relationships: []
      }
      monitoring_events: {
        Row: {
          alerted_at: string | null
          created_at: string
          detail: Json
          id: number
          kind: string
          message: string
          source: string
          user_id: string | null
        }
        Insert: {
          alerted_at?: string | null
          created_at?: string
          detail?: Json
          id?: never
          kind: string
          message: string
          source?: string
          user_id?: string | null
        }
        Update: {
          alerted_at?: string | null
          created_at?: string
          detail?: Json
          id?: never
          kind?: string
          message?: string
          source?: string
          user_id?: string | null
        }
        Relationships: []
      }
      monitoring_settings: {
        Row: {
          alert_email: string
          alert_phone: string
          id: boolean
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          alert_email?: string
          alert_phone?: string
          id?: boolean
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          alert_email?: string
          alert_phone?: string
          id?: boolean
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      offers: {
        Row: {
          assets: Json
          created_at: string
          framework: Json
          general_notes: string
          hero_image_id: string | null
          id: string
          idea: string
          title: string
          updated_at: string
          user_id: string
          video_url: string
        }
        Insert: {
          assets?: Json
          created_at?: string
          framework: Json
          general_notes?: string
          hero_image_id?: string | null
          id?: string
          idea?: string
          title: string
          updated_at?: string
          user_id?: string
          video_url?: string
        }
        Update: {
          assets?: Json
          created_at?: string
          framework?: Json
          general_notes?: string
          hero_image_id?: string | null
          id?: string
          idea?: string
          title?: string
          updated_at?: string
          user_id?: string
          video_url?: string
        }
        Relationships: [
          {
            foreignKeyName: "offers_hero_image_id_fkey"
            columns: ["hero_image_id"]
            isOneToOne: false
            referencedRelation: "generated_images"
            referencedColumns: ["id"]
          },
        ]
      }
      pitch_decks: {
        Row: {
          brief: string
          created_at: string
          id: string
          slides: Json
          source_id: string | null
          source_kind: string
          theme: string
          title: string
          updated_at: string
          user_id: string
        }
        Insert: {
          brief?: string
          created_at?: string
          id?: string
          slides: Json
          source_id?: string | null
          source_kind?: string
          theme?: string
          title: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          brief?: string
          created_at?: string
          id?: string
          slides?: Json
          source_id?: string | null
          source_kind?: string
          theme?: string
          title?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      product_listings: {
        Row: {
          has_price_id: boolean
          id: string
          max_downloads: number | null
          name: string
          price: number
          product_summary: string | null
          product_type: string | null
        }
        Insert: {
          has_price_id: boolean
          id: string
          max_downloads?: number | null
          name: string
          price: number
          product_summary?: string | null
          product_type?: string | null
        }
        Update: {
          has_price_id?: boolean
          id?: string
          max_downloads?: number | null
          name?: string
          price?: number
          product_summary?: string | null
          product_type?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "product_listings_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "generated_documents"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          created_at: string
          email: string | null
          id: string
          name: string | null
          phone: string | null
          role: Database["public"]["Enums"]["app_role"]
          updated_at: string
        }
        Insert: {
          created_at?: string
          email?: string | null
          id: string
          name?: string | null
          phone?: string | null
          role?: Database["public"]["Enums"]["app_role"]
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string | null
          id?: string
          name?: string | null
          phone?: string | null
          role?: Database["public"]["Enums"]["app_role"]
          updated_at?: string
        }
        Relationships: []
      }
      prompt_folders: {
        Row: {
          created_at: string
          id: string
          name: string
          parent_folder_id: string | null
          sort_name: string
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          name: string
          parent_folder_id?: string | null
          sort_name?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          name?: string
          parent_folder_id?: string | null
          sort_name?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "prompt_folders_parent_folder_id_fkey"
            columns: ["parent_folder_id"]
            isOneToOne: false
            referencedRelation: "prompt_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      prompt_runs: {
        Row: {
          created_at: string
          error_message: string | null
          filled_values: Json
          final_prompt: string
          free_prompt_id: string | null
          id: string
          model: string | null
          output: string
          page_url: string | null
          prompt_id: string | null
          prompt_name: string
          provider: string
          status: string
          user_id: string
          web_sources: Json | null
        }
        Insert: {
          created_at?: string
          error_message?: string | null
          filled_values?: Json
          final_prompt: string
          free_prompt_id?: string | null
          id?: string
          model?: string | null
          output?: string
          page_url?: string | null
          prompt_id?: string | null
          prompt_name: string
          provider: string
          status: string
          user_id?: string
          web_sources?: Json | null
        }
        Update: {
          created_at?: string
          error_message?: string | null
          filled_values?: Json
          final_prompt?: string
          free_prompt_id?: string | null
          id?: string
          model?: string | null
          output?: string
          page_url?: string | null
          prompt_id?: string | null
          prompt_name?: string
          provider?: string
          status?: string
          user_id?: string
          web_sources?: Json | null
        }
        Relationships: [
          {
            foreignKeyName: "prompt_runs_free_prompt_id_fkey"
            columns: ["free_prompt_id"]
            isOneToOne: false
            referencedRelation: "free_prompts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "prompt_runs_prompt_id_fkey"
            columns: ["prompt_id"]
            isOneToOne: false
            referencedRelation: "saved_prompts"
            referencedColumns: ["id"]
          },
        ]
      }
      prompt_suggestions: {
        Row: {
          created_at: string
          id: string
          original_prompt_text: string
          reasoning_text: string
          suggested_prompt_text: string
          template_id: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          original_prompt_text: string
          reasoning_text?: string
          suggested_prompt_text: string
          template_id?: string | null
          user_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          original_prompt_text?: string
          reasoning_text?: string
          suggested_prompt_text?: string
          template_id?: string | null
          user_id?: string
        }
        Relationships: []
      }
      purchases: {
        Row: {
          amount_total: number | null
          buyer_email: string | null
          buyer_id: string | null
          created_at: string
          currency: string | null
          download_count: number
          id: string
          paid_at: string | null
          product_id: string | null
          product_name: string
          receipt_sent_at: string | null
          status: string
          stripe_session_id: string | null
        }
        Insert: {
          amount_total?: number | null
          buyer_email?: string | null
          buyer_id?: string | null
          created_at?: string
          currency?: string | null
          download_count?: number
          id?: string
          paid_at?: string | null
          product_id?: string | null
          product_name: string
          receipt_sent_at?: string | null
          status?: string
          stripe_session_id?: string | null
        }
        Update: {
          amount_total?: number | null
          buyer_email?: string | null
          buyer_id?: string | null
          created_at?: string
          currency?: string | null
          download_count?: number
          id?: string
          paid_at?: string | null
          product_id?: string | null
          product_name?: string
          receipt_sent_at?: string | null
          status?: string
          stripe_session_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "purchases_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "generated_documents"
            referencedColumns: ["id"]
          },
        ]
      }
      recommended_prompts: {
        Row: {
          category: string
          created_at: string
          description: string
          id: string
          is_public: boolean
          llm_suitability: string[]
          name: string
          prompt_text: string
          tags: string[]
        }
        Insert: {
          category: string
          created_at?: string
          description?: string
          id?: string
          is_public?: boolean
          llm_suitability?: string[]
          name: string
          prompt_text: string
          tags?: string[]
        }
        Update: {
          category?: string
          created_at?: string
          description?: string
          id?: string
          is_public?: boolean
          llm_suitability?: string[]
          name?: string
          prompt_text?: string
          tags?: string[]
        }
        Relationships: []
      }
      saved_prompts: {
        Row: {
          created_at: string
          description: string
          folder_id: string | null
          id: string
          is_favorite: boolean
          is_premium: boolean
          llm_provider: string
          model: string | null
          name: string
          prompt_text: string
          search_text: string
          sort_name: string
          tags: string[]
          template_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          description?: string
          folder_id?: string | null
          id?: string
          is_favorite?: boolean
          is_premium?: boolean
          llm_provider?: string
          model?: string | null
          name: string
          prompt_text: string
          search_text?: string
          sort_name?: string
          tags?: string[]
          template_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          description?: string
          folder_id?: string | null
          id?: string
          is_favorite?: boolean
          is_premium?: boolean
          llm_provider?: string
          model?: string | null
          name?: string
          prompt_text?: string
          search_text?: string
          sort_name?: string
          tags?: string[]
          template_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_prompts_folder_id_fkey"
            columns: ["folder_id"]
            isOneToOne: false
            referencedRelation: "prompt_folders"
            referencedColumns: ["id"]
          },
        ]
      }
      shares: {
        Row: {
          accepted_at: string | null
          created_at: string
          document_id: string | null
          id: string
          invite_token_hash: string | null
          invited_at: string | null
          owner_email: string | null
          owner_id: string
          permission: string
          recipient_email: string
          recipient_id: string | null
          workspace_id: string | null
        }
        Insert: {
          accepted_at?: string | null
          created_at?: string
          document_id?: string | null
          id?: string
          invite_token_hash?: string | null
          invited_at?: string | null
          owner_email?: string | null
          owner_id?: string
          permission?: string
          recipient_email: string
          recipient_id?: string | null
          workspace_id?: string | null
        }
        Update: {
          accepted_at?: string | null
          created_at?: string
          document_id?: string | null
          id?: string
          invite_token_hash?: string | null
          invited_at?: string | null
          owner_email?: string | null
          owner_id?: string
          permission?: string
          recipient_email?: string
          recipient_id?: string | null
          workspace_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "shares_document_id_fkey"
            columns: ["document_id"]
            isOneToOne: false
            referencedRelation: "generated_documents"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "shares_workspace_id_fkey"
            columns: ["workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      startup_ideas: {
        Row: {
          business_plan: Json
          competitors: string[]
          created_at: string
          description: string
          id: string
          market: string
          name: string
          revenue: string
          source_prompt: string
          target_users: string
          user_id: string
          weaknesses: string[]
        }
        Insert: {
          business_plan: Json
          competitors?: string[]
          created_at?: string
          description: string
          id?: string
          market?: string
          name: string
          revenue?: string
          source_prompt?: string
          target_users?: string
          user_id?: string
          weaknesses?: string[]
        }
        Update: {
          business_plan?: Json
          competitors?: string[]
          created_at?: string
          description?: string
          id?: string
          market?: string
          name?: string
          revenue?: string
          source_prompt?: string
          target_users?: string
          user_id?: string
          weaknesses?: string[]
        }
        Relationships: []
      }
      stripe_events: {
        Row: {
          id: string
          received_at: string
          type: string
        }
        Insert: {
          id: string
          received_at?: string
          type: string
        }
        Update: {
          id?: string
          received_at?: string
          type?: string
        }
        Relationships: []
      }
      subscriptions: {
        Row: {
          cancel_at_period_end: boolean
          current_period_end: string | null
          plan: string
          status: string
          stripe_customer_id: string
          stripe_subscription_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          cancel_at_period_end?: boolean
          current_period_end?: string | null
          plan: string
          status: string
          stripe_customer_id: string
          stripe_subscription_id?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          cancel_at_period_end?: boolean
          current_period_end?: string | null
          plan?: string
          status?: string
          stripe_customer_id?: string
          stripe_subscription_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      team_invitations: {
        Row: {
          accepted_at: string | null
          accepted_by: string | null
          email: string
          expires_at: string
          id: string
          invited_at: string
          role: string
          team_id: string
          token_hash: string | null
        }
        Insert: {
          accepted_at?: string | null
          accepted_by?: string | null
          email: string
          expires_at?: string
          id?: string
          invited_at?: string
          role: string
          team_id: string
          token_hash?: string | null
        }
        Update: {
          accepted_at?: string | null
          accepted_by?: string | null
          email?: string
          expires_at?: string
          id?: string
          invited_at?: string
          role?: string
          team_id?: string
          token_hash?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "team_invitations_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
        ]
      }
      team_members: {
        Row: {
          email: string
          joined_at: string
          role: string
          team_id: string
          user_id: string
        }
        Insert: {
          email: string
          joined_at?: string
          role: string
          team_id: string
          user_id: string
        }
        Update: {
          email?: string
          joined_at?: string
          role?: string
          team_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_members_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
        ]
      }
      teams: {
        Row: {
          created_at: string
          id: string
          name: string
          owner_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          name?: string
          owner_id?: string
        }
        Update: {
          created_at?: string
          id?: string
          name?: string
          owner_id?: string
        }
        Relationships: []
      }
      training_videos: {
        Row: {
          category: string
          created_at: string
          description: string
          duration_seconds: number | null
          id: string
          position: number
          published: boolean
          title: string
          updated_at: string
          url: string
        }
        Insert: {
          category: string
          created_at?: string
          description?: string
          duration_seconds?: number | null
          id?: string
          position?: number
          published?: boolean
          title: string
          updated_at?: string
          url: string
        }
        Update: {
          category?: string
          created_at?: string
          description?: string
          duration_seconds?: number | null
          id?: string
          position?: number
          published?: boolean
          title?: string
          updated_at?: string
          url?: string
        }
        Relationships: []
      }
      training_watched: {
        Row: {
          user_id: string
          video_id: string
          watched_at: string
        }
        Insert: {
          user_id?: string
          video_id: string
          watched_at?: string
        }
        Update: {
          user_id?: string
          video_id?: string
          watched_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "training_watched_video_id_fkey"
            columns: ["video_id"]
            isOneToOne: false
            referencedRelation: "training_videos"
            referencedColumns: ["id"]
          },
        ]
      }
      usage_budgets: {
        Row: {
          at_limit: string
          id: string
          monthly_limit_micros: number
          provider: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          at_limit?: string
          id?: string
          monthly_limit_micros: number
          provider?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          at_limit?: string
          id?: string
          monthly_limit_micros?: number
          provider?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      usage_events: {
        Row: {
          cache_write_input_tokens: number | null
          cached_input_tokens: number | null
          cost_micros: number | null
          created_at: string
          estimated: boolean
          feature: string
          id: string
          images: number
          input_tokens: number | null
          model: string
          outcome: string
          output_tokens: number | null
          price: Json | null
          provider: string
          searches: number
          step_index: number | null
          subject_id: string | null
          subject_kind: string | null
          surface: string
          user_id: string
        }
        Insert: {
          cache_write_input_tokens?: number | null
          cached_input_tokens?: number | null
          cost_micros?: number | null
          created_at?: string
          estimated?: boolean
          feature: string
          id?: string
          images?: number
          input_tokens?: number | null
          model: string
          outcome: string
          output_tokens?: number | null
          price?: Json | null
          provider: string
          searches?: number
          step_index?: number | null
          subject_id?: string | null
          subject_kind?: string | null
          surface: string
          user_id?: string
        }
        Update: {
          cache_write_input_tokens?: number | null
          cached_input_tokens?: number | null
          cost_micros?: number | null
          created_at?: string
          estimated?: boolean
          feature?: string
          id?: string
          images?: number
          input_tokens?: number | null
          model?: string
          outcome?: string
          output_tokens?: number | null
          price?: Json | null
          provider?: string
          searches?: number
          step_index?: number | null
          subject_id?: string | null
          subject_kind?: string | null
          surface?: string
          user_id?: string
        }
        Relationships: []
      }
      usage_price_overrides: {
        Row: {
          cached_input_per_million: number | null
          input_per_million: number
          model: string
          output_per_million: number
          per_image: number | null
          per_search: number | null
          provider: string
          updated_at: string
          user_id: string
        }
        Insert: {
          cached_input_per_million?: number | null
          input_per_million: number
          model: string
          output_per_million: number
          per_image?: number | null
          per_search?: number | null
          provider: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          cached_input_per_million?: number | null
          input_per_million?: number
          model?: string
          output_per_million?: number
          per_image?: number | null
          per_search?: number | null
          provider?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      usage_settings: {
        Row: {
          confirm_above_micros: number | null
          currency: string
          updated_at: string
          usd_rate: number
          user_id: string
        }
        Insert: {
          confirm_above_micros?: number | null
          currency?: string
          updated_at?: string
          usd_rate?: number
          user_id?: string
        }
        Update: {
          confirm_above_micros?: number | null
          currency?: string
          updated_at?: string
          usd_rate?: number
          user_id?: string
        }
        Relationships: []
      }
      user_api_keys: {
        Row: {
          ai21_api_key: string | null
          anthropic_api_key: string | null
          chatgpt_api_key: string | null
          cohere_api_key: string | null
          created_at: string
          custom_base_url: string | null
          gemini_api_key: string | null
          huggingface_api_key: string | null
          openai_api_key: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          ai21_api_key?: string | null
          anthropic_api_key?: string | null
          chatgpt_api_key?: string | null
          cohere_api_key?: string | null
          created_at?: string
          custom_base_url?: string | null
          gemini_api_key?: string | null
          huggingface_api_key?: string | null
          openai_api_key?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          ai21_api_key?: string | null
          anthropic_api_key?: string | null
          chatgpt_api_key?: string | null
          cohere_api_key?: string | null
          created_at?: string
          custom_base_url?: string | null
          gemini_api_key?: string | null
          huggingface_api_key?: string | null
          openai_api_key?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      user_generation_counts: {
        Row: {
          current_month: string
          generation_count: number
          updated_at: string
          user_id: string
        }
        Insert: {
          current_month?: string
          generation_count?: number
          updated_at?: string
          user_id?: string
        }
        Update: {
          current_month?: string
          generation_count?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      user_search_keys: {
        Row: {
          api_key: string | null
          created_at: string
          provider: string
          searxng_url: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          api_key?: string | null
          created_at?: string
          provider: string
          searxng_url?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          api_key?: string | null
          created_at?: string
          provider?: string
          searxng_url?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      workflow_run_steps: {
        Row: {
          edited_at: string | null
          error: string | null
          finished_at: string | null
          image_id: string | null
          items: Json
          kind: string
          model: string | null
          name: string
          output: string
          passages: Json
          position: number
          prompt: string
          run_id: string
          started_at: string | null
          status: string
          user_id: string
          web_search_path: string | null
          web_sources: Json | null
        }
        Insert: {
          edited_at?: string | null
          error?: string | null
          finished_at?: string | null
          image_id?: string | null
          items?: Json
          kind: string
          model?: string | null
          name: string
          output?: string
          passages?: Json
          position: number
          prompt?: string
          run_id: string
          started_at?: string | null
          status?: string
          user_id: string
          web_search_path?: string | null
          web_sources?: Json | null
        }
        Update: {
          edited_at?: string | null
          error?: string | null
          finished_at?: string | null
          image_id?: string | null
          items?: Json
          kind?: string
          model?: string | null
          name?: string
          output?: string
          passages?: Json
          position?: number
          prompt?: string
          run_id?: string
          started_at?: string | null
          status?: string
          user_id?: string
          web_search_path?: string | null
          web_sources?: Json | null
        }
        Relationships: [
          {
            foreignKeyName: "workflow_run_steps_image_id_fkey"
            columns: ["image_id"]
            isOneToOne: false
            referencedRelation: "generated_images"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "workflow_run_steps_run_id_fkey"
            columns: ["run_id"]
            isOneToOne: false
            referencedRelation: "workflow_runs"
            referencedColumns: ["id"]
          },
        ]
      }
      workflow_runs: {
        Row: {
          attempts: number
          counted: boolean
          created_at: string
          definition: Json
          document_id: string | null
          error: string | null
          field_values: Json
          finished_at: string | null
          id: string
          lease_expires_at: string | null
          lease_id: string | null
          model: string
          provider: string
          status: string
          template_id: string | null
          trigger: string
          updated_at: string
          user_id: string
          workflow_id: string | null
          workflow_name: string
        }
        Insert: {
          attempts?: number
          counted?: boolean
          created_at?: string
          definition: Json
          document_id?: string | null
          error?: string | null
          field_values?: Json
          finished_at?: string | null
          id?: string
          lease_expires_at?: string | null
          lease_id?: string | null
          model: string
          provider: string
          status?: string
          template_id?: string | null
          trigger: string
          updated_at?: string
          user_id?: string
          workflow_id?: string | null
          workflow_name: string
        }
        Update: {
          attempts?: number
          counted?: boolean
          created_at?: string
          definition?: Json
          document_id?: string | null
          error?: string | null
          field_values?: Json
          finished_at?: string | null
          id?: string
          lease_expires_at?: string | null
          lease_id?: string | null
          model?: string
          provider?: string
          status?: string
          template_id?: string | null
          trigger?: string
          updated_at?: string
          user_id?: string
          workflow_id?: string | null
          workflow_name?: string
        }
        Relationships: [
          {
            foreignKeyName: "workflow_runs_document_id_fkey"
            columns: ["document_id"]
            isOneToOne: false
            referencedRelation: "generated_documents"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "workflow_runs_workflow_id_fkey"
            columns: ["workflow_id"]
            isOneToOne: false
            referencedRelation: "workflows"
            referencedColumns: ["id"]
          },
        ]
      }
      workflows: {
        Row: {
          created_at: string
          definition: Json
          description: string
          id: string
          name: string
          next_run_at: string | null
          schedule: Json | null
          schedule_paused_reason: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          definition: Json
          description?: string
          id?: string
          name: string
          next_run_at?: string | null
          schedule?: Json | null
          schedule_paused_reason?: string | null
          updated_at?: string
          user_id?: string
        }
        Update: {
          created_at?: string
          definition?: Json
          description?: string
          id?: string
          name?: string
          next_run_at?: string | null
          schedule?: Json | null
          schedule_paused_reason?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      workspace_onboarding: {
        Row: {
          created_at: string
          demo_workspace_id: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          demo_workspace_id?: string | null
          user_id?: string
        }
        Update: {
          created_at?: string
          demo_workspace_id?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "workspace_onboarding_demo_workspace_id_fkey"
            columns: ["demo_workspace_id"]
            isOneToOne: false
            referencedRelation: "workspaces"
            referencedColumns: ["id"]
          },
        ]
      }
      workspaces: {
        Row: {
          created_at: string
          id: string
          name: string
          structure: Json
          team_id: string | null
          updated_at: string
          user_id: string
          version: number
        }
        Insert: {
          created_at?: string
          id?: string
          name: string
          structure?: Json
          team_id?: string | null
          updated_at?: string
          user_id?: string
          version?: number
        }
        Update: {
          created_at?: string
          id?: string
          name?: string
          structure?: Json
          team_id?: string | null
          updated_at?: string
          user_id?: string
          version?: number
        }
        Relationships: [
          {
            foreignKeyName: "workspaces_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      products_for_sale: {
        Row: {
          has_price_id: boolean | null
          id: string | null
          max_downloads: number | null
          name: string | null
          price: number | null
          product_summary: string | null
          product_type: string | null
        }
        Insert: {
          has_price_id?: boolean | null
          id?: string | null
          max_downloads?: number | null
          name?: string | null
          price?: number | null
          product_summary?: string | null
          product_type?: string | null
        }
        Update: {
          has_price_id?: boolean | null
          id?: string | null
          max_downloads?: number | null
          name?: string | null
          price?: number | null
          product_summary?: string | null
          product_type?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "product_listings_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "generated_documents"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      accept_share: { Args: { token: string }; Returns: Json }
      accept_team_invitation: { Args: { token: string }; Returns: Json }
      admin_list_users: {
        Args: never
        Returns: {
          created_at: string
          email: string
          id: string
          name: string
          phone: string
          role: Database["public"]["Enums"]["app_role"]
        }[]
      }
      admin_restore_backup: { Args: { changes: Json }; Returns: Json }
      admin_set_user_role: {
        Args: {
          new_role: Database["public"]["Enums"]["app_role"]
          target_id: string
        }
        Returns: {
          created_at: string
          email: string
          id: string
          name: string
          phone: string
          role: Database["public"]["Enums"]["app_role"]
        }[]
      }
      admin_update_product: {
        Args: {
          document: string
          for_sale: boolean
          new_max_downloads: number
          new_price: number
          new_stripe_price_id: string
          new_summary?: string
          new_type?: string
        }
        Returns: {
          content: string
          created_at: string
          download_count: number
          file_url: string | null
          folder_id: string | null
          format: string
          id: string
          is_digital_product: boolean
          max_downloads: number | null
          name: string
          price: number | null
          product_summary: string | null
          product_type: string
          sort_name: string
          stripe_price_id: string | null
          template_id: string | null
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "generated_documents"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_usage_totals: {
        Args: { since: string }
        Returns: {
          calls: number
          cost_micros: number
          day: string
          feature: string
          input_tokens: number
          output_tokens: number
          people: number
          provider: string
          unpriced_calls: number
        }[]
      }
      cancel_generation: {
        Args: { owner: string; reservation: string }
        Returns: Json
      }
      claim_monitoring_alerts: {
        Args: never
        Returns: {
          event_count: number
          events: Json
          kind: string
          recipient: string
        }[]
      }
      claim_workflow_run: {
        Args: {
          lease: string
          model: string
          owner: string
          provider: string
          run: string
          seconds: number
        }
        Returns: boolean
      }
      consume_generation: { Args: never; Returns: Json }
      create_prompt_folder_tree: { Args: { folders: Json }; Returns: Json }
      current_app_role: {
        Args: never
        Returns: Database["public"]["Enums"]["app_role"]
      }
      current_plan: { Args: never; Returns: string }
      download_generated_document: { Args: { document: string }; Returns: Json }
      ensure_demo_workspace: { Args: { demo: Json }; Returns: string }
      ensure_team: { Args: never; Returns: string }
      feature_request_list: {
        Args: never
        Returns: {
          created_at: string
          email: string
          feature: string
          id: string
          notified_at: string
          user_id: string
        }[]
      }
      finish_generation: {
        Args: {
          doc_content: string
          doc_folder?: string
          doc_name: string
          doc_template: string
          owner: string
          reservation: string
        }
        Returns: Json
      }
      generation_month: { Args: never; Returns: string }
      generation_quota: { Args: never; Returns: Json }
      generation_quota_of: {
        Args: {
          counts: Database["public"]["Tables"]["user_generation_counts"]["Row"]
        }
        Returns: Json
      }
      is_admin: { Args: never; Returns: boolean }
      like_escape: { Args: { value: string }; Returns: string }
      lock_generation_counts: {
        Args: { uid: string }
        Returns: {
          current_month: string
          generation_count: number
          updated_at: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "user_generation_counts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      match_knowledge: {
        Args: {
          embedding_model?: string
          folder?: string
          match_count?: number
          query: string
          query_embedding?: number[]
          selection?: string
        }
        Returns: {
          chunk_id: string
          content: string
          document_id: string
          document_name: string
          folder_id: string
          position: number
          rank: number
        }[]
      }
      match_knowledge_as: {
        Args: {
          embedding_model?: string
          folder?: string
          match_count?: number
          owner: string
          query: string
          query_embedding?: number[]
          selection?: string
        }
        Returns: {
          chunk_id: string
          content: string
          document_id: string
          document_name: string
          folder_id: string
          position: number
          rank: number
        }[]
      }
      monitoring_event_counts: {
        Args: never
        Returns: {
          kind: string
          last_at: string
          last_day: number
          last_week: number
        }[]
      }
      monthly_generation_limit: { Args: never; Returns: number }
      move_training_video: {
        Args: { direction: string; video_id: string }
        Returns: undefined
      }
      product_sales: {
        Args: {
          doc: Database["public"]["Tables"]["generated_documents"]["Row"]
        }
        Returns: number
      }
      product_sold_downloads: {
        Args: {
          doc: Database["public"]["Tables"]["generated_documents"]["Row"]
        }
        Returns: number
      }
      prompt_folder_summary: {
        Args: { folder: string }
        Returns: {
          folders: number
          prompts: number
        }[]
      }
      prompt_library_tags: {
        Args: never
        Returns: {
          prompts: number
          spellings: string[]
          tag: string
        }[]
      }
      prompt_preview: {
        Args: { prompt: Database["public"]["Tables"]["saved_prompts"]["Row"] }
        Returns: string
      }
      prompt_search_text: {
        Args: { name: string; prompt_text: string; tags: string[] }
        Returns: string
      }
      recommended_prompt_categories: { Args: never; Returns: string[] }
      record_client_error: {
        Args: {
          error_message: string
          error_release: string
          error_route: string
          error_surface: string
          reporter: string
          reporter_user?: string
        }
        Returns: boolean
      }
      record_monitoring_event: {
        Args: {
          event_detail?: Json
          event_kind: string
          event_message: string
          event_source: string
          event_user?: string
        }
        Returns: number
      }
      record_purchase_download: { Args: { purchase: string }; Returns: Json }
      record_unsent_mail: {
        Args: {
          event_detail?: Json
          event_message: string
          mail_kind: string
          reason: string
          recipient: string
        }
        Returns: boolean
      }
      release_monitoring_alert: {
        Args: { alert_kind: string; event_ids: number[] }
        Returns: undefined
      }
      release_workflow_run: {
        Args: { failure: string; lease: string; outcome: string; run: string }
        Returns: boolean
      }
      renew_workflow_run_lease: {
        Args: { lease: string; run: string; seconds: number }
        Returns: boolean
      }
      reorder_free_prompt_categories: {
        Args: { ordered_ids: string[] }
        Returns: undefined
      }
      reorder_free_prompts: {
        Args: { ordered_ids: string[] }
        Returns: undefined
      }
      require_uid: { Args: never; Returns: string }
      restart_workflow_run_steps: {
        Args: { from_position: number; lease: string; run: string }
        Returns: boolean
      }
      return_workflow_generation: {
        Args: { owner: string; run: string }
        Returns: Json
      }
      save_workflow_run_item: {
        Args: { item: Json; lease: string; run: string; step: number }
        Returns: boolean
      }
      save_workflow_run_step: {
        Args: { changes: Json; lease: string; run: string; step: number }
        Returns: boolean
      }
      search_conversations: {
        Args: { max_results?: number; search: string; skip?: number }
        Returns: {
          created_at: string
          free_prompt_id: string
          id: string
          model: string
          prompt_id: string
          prompt_run_id: string
          provider: string
          source: string
          title: string
          total: number
          turns: number
          updated_at: string
        }[]
      }
      search_prompt_library: {
        Args: { max_results?: number; search: string; skip?: number }
        Returns: {
          created_at: string
          description: string
          folder_id: string
          id: string
          is_favorite: boolean
          is_premium: boolean
          llm_provider: string
          model: string
          name: string
          preview: string
          tags: string[]
          template_id: string
          total: number
          updated_at: string
        }[]
      }
      search_recommended_prompts: {
        Args: { search?: string }
        Returns: {
          category: string
          created_at: string
          description: string
          id: string
          is_public: boolean
          llm_suitability: string[]
          name: string
          prompt_text: string
          tags: string[]
        }[]
        SetofOptions: {
          from: "*"
          to: "recommended_prompts"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      start_conversation: {
        Args: {
          context?: Json
          free_prompt_id?: string
          model?: string
          prompt_id?: string
          prompt_run_id?: string
          provider: string
          source: string
          title: string
          turns: Json
        }
        Returns: string
      }
      store_knowledge_embeddings: {
        Args: { embedding_model: string; embeddings: Json }
        Returns: number
      }
      take_workflow_generation: {
        Args: { owner: string; run: string }
        Returns: Json
      }
      team_usage_by_member: {
        Args: { month_start: string }
        Returns: {
          calls: number
          cost_micros: number
          email: string
          unpriced_calls: number
          user_id: string
        }[]
      }
      usage_budget_status: {
        Args: never
        Returns: {
          at_limit: string
          monthly_limit_micros: number
          provider: string
          spent_micros: number
          state: string
        }[]
      }
      usage_budget_status_for: {
        Args: { for_user: string }
        Returns: {
          at_limit: string
          monthly_limit_micros: number
          provider: string
          spent_micros: number
          state: string
        }[]
      }
      valid_prompt_tags: { Args: { tags: string[] }; Returns: boolean }
      valid_workspace_structure: { Args: { structure: Json }; Returns: boolean }
      visit_dashboard: { Args: never; Returns: Json }
      workflow_schedules_status: { Args: never; Returns: string }
      workspace_has_document: {
        Args: { document: string; structure: Json }
        Returns: boolean
      }
    }
    Enums: {
      app_role: "user" | "editor" | "view_only" | "admin" | "master_admin"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      app_role: ["user", "editor", "view_only", "admin", "master_admin"],
    },
  },
} as const
